"""The generated Python client against a live Docent: ingest a wiki space, ask, and read errors."""

import json
import time
import urllib.request
import uuid

import pytest

import docent_client
from docent_client import (
    AskApi,
    AskRequest,
    AskResponse,
    AskStreamDelta,
    AskStreamRefs,
    CreateIngestionRequest,
    CreateWikiIngestionRequest,
    HistoryMessage,
    HistoryPair,
    IngestionLocator,
    IngestionSchedule,
    IngestionsApi,
    ListSchedulesRequest,
    Problem,
    ScheduleLocator,
    SchedulesApi,
    ScheduleStatus,
    WikiSpec,
)
from docent_client.exceptions import (
    BadRequestException,
    NotFoundException,
    UnauthorizedException,
    UnprocessableEntityException,
)

NAMESPACE = "acme"
COLLECTION = "handbook"


def wiki_ingestion(live: dict, collection: str = COLLECTION, **spec_overrides) -> CreateIngestionRequest:
    wiki = live["wiki"]
    spec = {"url": wiki["url"], "space": wiki["space"], "username": wiki["username"], "token": wiki["token"]}
    spec.update(spec_overrides)
    return CreateIngestionRequest(
        CreateWikiIngestionRequest(
            namespace_name=NAMESPACE, collection_name=collection, type="WIKI", spec=WikiSpec(**spec)
        )
    )


@pytest.fixture(scope="module")
def ingested(live: dict, api_client: docent_client.ApiClient) -> docent_client.Ingestion:
    ingestions = IngestionsApi(api_client)
    created = ingestions.create_ingestion(wiki_ingestion(live))
    locator = IngestionLocator(
        namespace_name=NAMESPACE, collection_name=COLLECTION, ingestion_id=created.ingestion_id
    )
    deadline = time.monotonic() + 180
    while True:
        ingestion = ingestions.get_ingestion(locator)
        if ingestion.status not in ("queued", "running") or time.monotonic() > deadline:
            return ingestion
        time.sleep(0.2)


def test_ingests_the_space(ingested: docent_client.Ingestion) -> None:
    assert ingested.status == "succeeded"
    assert ingested.error is None
    assert ingested.progress.documents_discovered > 0
    assert ingested.progress.documents_processed == ingested.progress.documents_discovered
    assert ingested.progress.documents_failed == 0
    # The spec comes back with the secret redacted.
    assert ingested.spec["token"] == "***"


def test_answers_from_the_right_page(
    live: dict, ingested: docent_client.Ingestion, api_client: docent_client.ApiClient
) -> None:
    answer = AskApi(api_client).ask(
        AskRequest(
            namespace_name=NAMESPACE,
            collection_name=COLLECTION,
            question="Which port does the billing service listen on?",
        )
    )
    assert "8431" in answer.answer
    assert answer.refs[0].doc_name == "Billing service runbook"
    assert answer.refs[0].page_num == 1
    # The link a user opens: the page on the wiki's own site.
    assert answer.refs[0].url == f"{live['wiki']['url']}/wiki/spaces/KB/pages/501/Billing+service+runbook"
    assert 1 <= len(answer.refs) <= 5


@pytest.mark.parametrize(
    "turn",
    [
        HistoryMessage(["Who owns the billing service?", "Team Falcon owns the billing service."]),
        HistoryMessage(HistoryPair(question="Who owns the billing service?", answer="Team Falcon.")),
    ],
    ids=["pair-as-list", "pair-as-object"],
)
def test_resolves_a_follow_up_against_the_history(
    ingested: docent_client.Ingestion, api_client: docent_client.ApiClient, turn: HistoryMessage
) -> None:
    answer = AskApi(api_client).ask(
        AskRequest(
            namespace_name=NAMESPACE,
            collection_name=COLLECTION,
            question="And which port does it listen on?",
            history_messages=[turn],
            top_k=2,
        )
    )
    assert answer.refs[0].doc_name == "Billing service runbook"
    assert len(answer.refs) <= 2


def read_event_stream(live: dict, body: dict) -> list:
    """POSTs an ask with `stream: true` and reads its Server-Sent Events as (event, data) pairs."""
    request = urllib.request.Request(
        live["base_url"] + "/docs/ask",
        data=json.dumps({**body, "stream": True}).encode(),
        headers={"Content-Type": "application/json", "Api-Key": live["api_key"], "Accept": "text/event-stream"},
        method="POST",
    )
    events = []
    with urllib.request.urlopen(request, timeout=60) as response:
        assert response.headers["Content-Type"].startswith("text/event-stream")
        name, data = "message", []
        for raw in response:
            line = raw.decode("utf-8").rstrip("\r\n")
            if line == "":
                if data:
                    events.append((name, json.loads("\n".join(data))))
                name, data = "message", []
            elif line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].lstrip(" "))
    return events


def test_streams_the_answer_as_server_sent_events(
    live: dict, api_client: docent_client.ApiClient, ingested: docent_client.Ingestion
) -> None:
    body = {"namespace_name": NAMESPACE, "collection_name": COLLECTION, "question": "Who owns the billing service?"}
    events = read_event_stream(live, body)
    names = [name for name, _ in events]
    assert names[0] == "refs" and names[-1] == "done"
    assert set(names[1:-1]) == {"delta"}
    refs = AskStreamRefs.from_dict(events[0][1])
    deltas = [AskStreamDelta.from_dict(data) for _, data in events[1:-1]]
    done = AskResponse.from_dict(events[-1][1])
    assert "".join(d.text for d in deltas) == done.answer
    if done.found:
        assert refs.refs[0].doc_name == done.refs[0].doc_name
    # The done event is the answer the JSON call gives.
    whole = AskApi(api_client).ask(AskRequest(**body))
    assert done.to_dict() == whole.to_dict()


def test_a_400_is_a_bad_request_exception_with_the_problem(live: dict, api_client: docent_client.ApiClient) -> None:
    # Both space and cql: only the server knows the rule, so the client sends it.
    with pytest.raises(BadRequestException) as raised:
        IngestionsApi(api_client).create_ingestion(wiki_ingestion(live, cql='label = "runbook"'))
    assert raised.value.status == 400
    problem = raised.value.data
    assert isinstance(problem, Problem)
    assert problem.code == "invalid_request"
    # `field` is a pydantic name, so the generator calls the attribute `var_field`.
    assert [(e.var_field, e.message) for e in problem.errors] == [("spec", "give exactly one of space or cql")]
    # The request carried a wiki token: no error text may echo it.
    assert live["wiki"]["token"] not in str(raised.value)


def test_a_create_sent_again_with_its_idempotency_key_starts_one_ingestion(
    live: dict, api_client: docent_client.ApiClient
) -> None:
    ingestions = IngestionsApi(api_client)
    key = str(uuid.uuid4())
    first = ingestions.create_ingestion(wiki_ingestion(live, "retried"), idempotency_key=key)
    # What a client that lost the answer sends again: the same body, the same key.
    again = ingestions.create_ingestion(wiki_ingestion(live, "retried"), idempotency_key=key)
    assert again.ingestion_id == first.ingestion_id
    with pytest.raises(UnprocessableEntityException) as raised:
        ingestions.create_ingestion(wiki_ingestion(live, "elsewhere"), idempotency_key=key)
    assert raised.value.status == 422
    assert raised.value.data.code == "idempotency_key_reused"
    # Another key, another ingestion.
    other = ingestions.create_ingestion(wiki_ingestion(live, "retried"), idempotency_key=str(uuid.uuid4()))
    assert other.ingestion_id != first.ingestion_id


def test_a_401_is_an_unauthorized_exception_with_the_problem(live: dict) -> None:
    configuration = docent_client.Configuration(host=live["base_url"], api_key={"ApiKey": "not-a-valid-key"})
    with docent_client.ApiClient(configuration) as client:
        with pytest.raises(UnauthorizedException) as raised:
            AskApi(client).ask(AskRequest(namespace_name=NAMESPACE, collection_name=COLLECTION, question="x"))
    assert raised.value.status == 401
    assert raised.value.data.code == "unauthorized"


def test_a_404_is_a_not_found_exception_with_the_problem(
    ingested: docent_client.Ingestion, api_client: docent_client.ApiClient
) -> None:
    with pytest.raises(NotFoundException) as raised:
        AskApi(api_client).ask(
            AskRequest(namespace_name=NAMESPACE, collection_name="no-such-collection", question="x")
        )
    assert raised.value.data.code == "not_found"


def test_tolerates_response_fields_a_newer_server_adds() -> None:
    reference = docent_client.Reference.from_dict(
        {
            "doc_name": "Page",
            "page_num": 1,
            "sample_text": "text",
            "highlight": None,
            "cited": False,
            "score": 0.9,
        }
    )
    assert reference.doc_name == "Page"
    # An older server sends no url: the field is simply None.
    assert reference.url is None


def test_schedules_an_ingestion_then_pauses_and_deletes_the_schedule(
    live: dict, api_client: docent_client.ApiClient
) -> None:
    wiki = live["wiki"]
    spec = WikiSpec(url=wiki["url"], space=wiki["space"], username=wiki["username"], token=wiki["token"])
    created = IngestionsApi(api_client).create_ingestion(
        CreateIngestionRequest(
            CreateWikiIngestionRequest(
                namespace_name=NAMESPACE,
                collection_name="scheduled",
                type="WIKI",
                spec=spec,
                schedule=IngestionSchedule(cron="0 3 * * *", timezone="Europe/Berlin"),
            )
        )
    )
    assert created.schedule_id
    schedules = SchedulesApi(api_client)
    listed = schedules.list_schedules(ListSchedulesRequest(namespace_name=NAMESPACE, collection_name="scheduled"))
    [schedule] = listed.schedules
    assert (schedule.schedule_id, schedule.cron, schedule.timezone, schedule.status) == (
        created.schedule_id,
        "0 3 * * *",
        "Europe/Berlin",
        ScheduleStatus.ACTIVE,
    )
    assert schedule.spec["token"] == "***"
    assert schedule.next_run_at is not None
    locator = ScheduleLocator(namespace_name=NAMESPACE, collection_name="scheduled", schedule_id=created.schedule_id)
    paused = schedules.pause_schedule(locator)
    assert paused.status == ScheduleStatus.PAUSED
    assert paused.next_run_at is None
    assert schedules.delete_schedule(locator).deleted is True
