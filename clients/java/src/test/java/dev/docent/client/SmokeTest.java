package dev.docent.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import dev.docent.client.api.AskApi;
import dev.docent.client.api.IngestionsApi;
import dev.docent.client.api.SchedulesApi;
import dev.docent.client.model.AskRequest;
import dev.docent.client.model.AskResponse;
import dev.docent.client.model.CreateIngestionRequest;
import dev.docent.client.model.CreateIngestionResponse;
import dev.docent.client.model.CreateWikiIngestionRequest;
import dev.docent.client.model.HistoryMessage;
import dev.docent.client.model.HistoryPair;
import dev.docent.client.model.HistoryTuple;
import dev.docent.client.model.Ingestion;
import dev.docent.client.model.IngestionLocator;
import dev.docent.client.model.IngestionSchedule;
import dev.docent.client.model.IngestionStatus;
import dev.docent.client.model.ListSchedulesRequest;
import dev.docent.client.model.Problem;
import dev.docent.client.model.ProblemFieldError;
import dev.docent.client.model.Reference;
import dev.docent.client.model.Schedule;
import dev.docent.client.model.ScheduleLocator;
import dev.docent.client.model.ScheduleStatus;
import dev.docent.client.model.WikiSpec;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The generated Java client against a live Docent: ingest a wiki space, ask, and read errors. */
class SmokeTest {
  private static final String NAMESPACE = "acme";
  private static final String COLLECTION = "handbook";

  private static Process fixture;
  private static JsonObject live;
  private static ApiClient client;
  private static Ingestion ingested;

  @BeforeAll
  static void startFixtureAndIngest() throws Exception {
    Path script = Path.of(System.getProperty("basedir", "."), "..", "smoke", "start-fixture.mjs");
    assumeTrue(Files.exists(script), "the smoke fixture lives in the repository's clients/smoke");
    // stderr is inherited so that the server's logs show up and never fill a pipe.
    fixture =
        new ProcessBuilder("node", script.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    BufferedReader stdout =
        new BufferedReader(new InputStreamReader(fixture.getInputStream(), StandardCharsets.UTF_8));
    String line = stdout.readLine();
    if (line == null) {
      throw new IllegalStateException(
          "the smoke fixture exited with code " + fixture.waitFor() + " before it was ready");
    }
    live = JsonParser.parseString(line).getAsJsonObject();

    // The key is set once on the client; every operation that needs it sends it.
    client = new ApiClient();
    client.setBasePath(live.get("base_url").getAsString());
    client.setApiKey(live.get("api_key").getAsString());

    IngestionsApi ingestions = new IngestionsApi(client);
    String id = ingestions.createIngestion(wikiIngestion(wikiSpec()), null).getIngestionId();
    IngestionLocator locator =
        new IngestionLocator().namespaceName(NAMESPACE).collectionName(COLLECTION).ingestionId(id);
    Instant deadline = Instant.now().plus(Duration.ofMinutes(3));
    do {
      ingested = ingestions.getIngestion(locator);
      if (ingested.getStatus() != IngestionStatus.QUEUED
          && ingested.getStatus() != IngestionStatus.RUNNING) {
        break;
      }
      Thread.sleep(200);
    } while (Instant.now().isBefore(deadline));
  }

  @AfterAll
  static void stopFixture() throws Exception {
    if (fixture != null) {
      // Closing stdin is the fixture's signal to stop the server and the fake wiki.
      fixture.getOutputStream().close();
      fixture.waitFor();
    }
  }

  private static WikiSpec wikiSpec() {
    JsonObject wiki = live.getAsJsonObject("wiki");
    return new WikiSpec()
        .url(wiki.get("url").getAsString())
        .space(wiki.get("space").getAsString())
        .username(wiki.get("username").getAsString())
        .token(wiki.get("token").getAsString());
  }

  private static CreateIngestionRequest wikiIngestion(WikiSpec spec) {
    return wikiIngestion(spec, COLLECTION);
  }

  private static CreateIngestionRequest wikiIngestion(WikiSpec spec, String collection) {
    return new CreateIngestionRequest(
        new CreateWikiIngestionRequest()
            .namespaceName(NAMESPACE)
            .collectionName(collection)
            .type(CreateWikiIngestionRequest.TypeEnum.WIKI)
            .spec(spec));
  }

  private static AskRequest question(String text) {
    return new AskRequest().namespaceName(NAMESPACE).collectionName(COLLECTION).question(text);
  }

  @Test
  void ingestsTheSpace() {
    assertEquals(IngestionStatus.SUCCEEDED, ingested.getStatus());
    assertNull(ingested.getError());
    assertTrue(ingested.getProgress().getDocumentsProcessed() > 0);
    assertEquals(0, ingested.getProgress().getDocumentsFailed());
    assertEquals("***", ingested.getSpec().get("token"));
  }

  @Test
  void answersFromTheRightPage() throws ApiException {
    AskResponse answer =
        new AskApi(client).ask(question("Which port does the billing service listen on?"));
    assertTrue(answer.getAnswer().contains("8431"), answer.getAnswer());
    assertTrue(answer.getRefs().size() >= 1 && answer.getRefs().size() <= 5);
    Reference first = answer.getRefs().get(0);
    assertEquals("Billing service runbook", first.getDocName());
    assertEquals(1, first.getPageNum());
    // The link a user opens: the page on the wiki's own site.
    assertEquals(
        live.getAsJsonObject("wiki").get("url").getAsString()
            + "/wiki/spaces/KB/pages/501/Billing+service+runbook",
        first.getUrl());
  }

  static Stream<HistoryMessage> earlierTurns() {
    HistoryTuple tuple = new HistoryTuple();
    tuple.addAll(List.of("Who owns the billing service?", "Team Falcon owns the billing service."));
    return Stream.of(
        new HistoryMessage(tuple),
        new HistoryMessage(
            new HistoryPair().question("Who owns the billing service?").answer("Team Falcon.")));
  }

  @ParameterizedTest
  @MethodSource("earlierTurns")
  void resolvesAFollowUpAgainstTheHistory(HistoryMessage turn) throws ApiException {
    AskResponse answer =
        new AskApi(client)
            .ask(question("And which port does it listen on?").historyMessages(List.of(turn)).topK(2));
    assertTrue(answer.getRefs().size() >= 1 && answer.getRefs().size() <= 2);
    assertEquals("Billing service runbook", answer.getRefs().get(0).getDocName());
  }

  @Test
  void aCreateSentAgainWithItsIdempotencyKeyStartsOneIngestion() throws Exception {
    // OkHttp sends a request again on a connection failure, the header with it.
    IngestionsApi ingestions = new IngestionsApi(client);
    String key = UUID.randomUUID().toString();
    String first =
        ingestions.createIngestion(wikiIngestion(wikiSpec(), "retried"), key).getIngestionId();
    String again =
        ingestions.createIngestion(wikiIngestion(wikiSpec(), "retried"), key).getIngestionId();
    assertEquals(first, again);
    ApiException error =
        assertThrows(
            ApiException.class,
            () -> ingestions.createIngestion(wikiIngestion(wikiSpec(), "elsewhere"), key));
    assertEquals(422, error.getCode());
    assertEquals(
        Problem.CodeEnum.IDEMPOTENCY_KEY_REUSED, Problem.fromJson(error.getResponseBody()).getCode());
  }

  @Test
  void aBadRequestIsAnApiExceptionCarryingTheProblem() throws Exception {
    // Both space and cql: only the server knows the rule, so the client sends it.
    WikiSpec both = wikiSpec().cql("label = \"runbook\"");
    ApiException error =
        assertThrows(
            ApiException.class,
            () -> new IngestionsApi(client).createIngestion(wikiIngestion(both), null));
    assertEquals(400, error.getCode());
    Problem problem = Problem.fromJson(error.getResponseBody());
    assertEquals(Problem.CodeEnum.INVALID_REQUEST, problem.getCode());
    ProblemFieldError only = problem.getErrors().get(0);
    assertEquals(1, problem.getErrors().size());
    assertEquals("spec", only.getField());
    assertEquals("give exactly one of space or cql", only.getMessage());
    // The request carried a wiki token: no error text may echo it.
    String token = live.getAsJsonObject("wiki").get("token").getAsString();
    assertFalse(error.getMessage().contains(token));
  }

  @Test
  void anUnauthorizedRequestIsAnApiExceptionCarryingTheProblem() throws Exception {
    ApiClient wrongKey = new ApiClient();
    wrongKey.setBasePath(client.getBasePath());
    wrongKey.setApiKey("not-a-valid-key");
    ApiException error =
        assertThrows(ApiException.class, () -> new AskApi(wrongKey).ask(question("x")));
    assertEquals(401, error.getCode());
    assertEquals(Problem.CodeEnum.UNAUTHORIZED, Problem.fromJson(error.getResponseBody()).getCode());
  }

  @Test
  void aMissingCollectionIsAnApiExceptionCarryingTheProblem() throws Exception {
    ApiException error =
        assertThrows(
            ApiException.class,
            () -> new AskApi(client).ask(question("x").collectionName("no-such-collection")));
    assertEquals(404, error.getCode());
    assertEquals(Problem.CodeEnum.NOT_FOUND, Problem.fromJson(error.getResponseBody()).getCode());
  }

  @Test
  void toleratesResponseFieldsANewerServerAdds() throws Exception {
    Reference reference =
        Reference.fromJson(
            "{\"doc_name\":\"Page\",\"page_num\":1,\"sample_text\":\"t\",\"highlight\":null,\"cited\":false,\"score\":0.9}");
    assertEquals("Page", reference.getDocName());
  }

  @Test
  void schedulesAnIngestionThenPausesAndDeletesTheSchedule() throws ApiException {
    CreateIngestionResponse created =
        new IngestionsApi(client)
            .createIngestion(
                new CreateIngestionRequest(
                    new CreateWikiIngestionRequest()
                        .namespaceName(NAMESPACE)
                        .collectionName("scheduled")
                        .type(CreateWikiIngestionRequest.TypeEnum.WIKI)
                        .spec(wikiSpec())
                        .schedule(
                            new IngestionSchedule().cron("0 3 * * *").timezone("Europe/Berlin"))),
                null);
    String id = created.getScheduleId();
    assertTrue(id != null && id.startsWith("sch_"), String.valueOf(id));

    SchedulesApi schedules = new SchedulesApi(client);
    List<Schedule> listed =
        schedules
            .listSchedules(
                new ListSchedulesRequest().namespaceName(NAMESPACE).collectionName("scheduled"))
            .getSchedules();
    assertEquals(1, listed.size());
    Schedule schedule = listed.get(0);
    assertEquals(id, schedule.getScheduleId());
    assertEquals("0 3 * * *", schedule.getCron());
    assertEquals("Europe/Berlin", schedule.getTimezone());
    assertEquals(ScheduleStatus.ACTIVE, schedule.getStatus());
    assertEquals("***", schedule.getSpec().get("token"));

    ScheduleLocator locator =
        new ScheduleLocator().namespaceName(NAMESPACE).collectionName("scheduled").scheduleId(id);
    Schedule paused = schedules.pauseSchedule(locator);
    assertEquals(ScheduleStatus.PAUSED, paused.getStatus());
    assertNull(paused.getNextRunAt());
    assertTrue(schedules.deleteSchedule(locator).getDeleted());
  }
}
