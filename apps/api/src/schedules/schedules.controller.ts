import { Controller, HttpCode, Post } from '@nestjs/common';
import type { Principal } from '@docent/accounts';
import type {
  Deleted,
  ListSchedulesRequest,
  Schedule,
  ScheduleList,
  ScheduleLocator,
  UpdateScheduleRequest,
} from '@docent/contract';
import { ScheduleService, type ScheduleLocator as DomainLocator } from '@docent/schedules';
import { ContractBody } from '../http/contract-body.decorator';
import { CurrentPrincipal } from '../http/principal.decorator';
import { presentSchedule } from './schedule-presenter';

function locatorOf(body: ScheduleLocator): DomainLocator {
  return {
    namespaceName: body.namespace_name,
    collectionName: body.collection_name,
    scheduleId: body.schedule_id,
  };
}

/**
 * Scheduled re-syncs (created by create_ingestion with a schedule): list, pause, resume, run
 * now, change the rule, delete.
 */
@Controller('schedules')
export class SchedulesController {
  constructor(private readonly schedules: ScheduleService) {}

  @Post('list')
  @HttpCode(200)
  async list(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('listSchedules') body: ListSchedulesRequest,
  ): Promise<ScheduleList> {
    const page = await this.schedules.list(principal.accountId, {
      namespaceName: body.namespace_name,
      collectionName: body.collection_name,
      status: body.status,
      limit: body.limit,
      cursor: body.cursor,
    });
    return { schedules: page.items.map(presentSchedule), next_cursor: page.nextCursor };
  }

  @Post('pause')
  @HttpCode(200)
  async pause(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('pauseSchedule') body: ScheduleLocator,
  ): Promise<Schedule> {
    return presentSchedule(await this.schedules.pause(principal.accountId, locatorOf(body)));
  }

  @Post('resume')
  @HttpCode(200)
  async resume(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('resumeSchedule') body: ScheduleLocator,
  ): Promise<Schedule> {
    return presentSchedule(await this.schedules.resume(principal.accountId, locatorOf(body)));
  }

  @Post('run')
  @HttpCode(200)
  async run(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('runSchedule') body: ScheduleLocator,
  ): Promise<Schedule> {
    return presentSchedule(await this.schedules.runNow(principal.accountId, locatorOf(body)));
  }

  @Post('update')
  @HttpCode(200)
  async update(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('updateSchedule') body: UpdateScheduleRequest,
  ): Promise<Schedule> {
    return presentSchedule(
      await this.schedules.updateRule(principal.accountId, locatorOf(body), {
        cron: body.cron,
        timezone: body.timezone,
      }),
    );
  }

  @Post('delete')
  @HttpCode(200)
  async delete(
    @CurrentPrincipal() principal: Principal,
    @ContractBody('deleteSchedule') body: ScheduleLocator,
  ): Promise<Deleted> {
    await this.schedules.delete(principal.accountId, locatorOf(body));
    return { deleted: true };
  }
}
