import { Body, Injectable, type PipeTransform } from '@nestjs/common';
import { ContractValidator } from './contract-validator';

let validator: ContractValidator | undefined;

/** Compiled once per process from the contract. */
export function contractValidator(): ContractValidator {
  validator ??= new ContractValidator();
  return validator;
}

@Injectable()
class ContractBodyPipe implements PipeTransform {
  constructor(private readonly operationId: string) {}

  transform(value: unknown): unknown {
    return contractValidator().validate(this.operationId, value);
  }
}

/** The request body, validated against the contract's schema for `operationId`. */
export const ContractBody = (operationId: string) => Body(new ContractBodyPipe(operationId));
