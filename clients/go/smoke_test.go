// The generated Go client against a live Docent: ingest a wiki space, ask, and read errors.
package docent_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	docent "github.com/docent/docent/clients/go"
)

const (
	namespace  = "acme"
	collection = "handbook"
)

// live is the fixture's JSON line (clients/smoke/start-fixture.mjs).
type live struct {
	BaseURL string `json:"base_url"`
	APIKey  string `json:"api_key"`
	Wiki    struct {
		URL      string `json:"url"`
		Space    string `json:"space"`
		Username string `json:"username"`
		Token    string `json:"token"`
	} `json:"wiki"`
}

var fixture *live

func TestMain(m *testing.M) {
	script, _ := filepath.Abs(filepath.Join("..", "smoke", "start-fixture.mjs"))
	if _, err := os.Stat(script); err != nil {
		fmt.Println("skipping the smoke tests: no clients/smoke/start-fixture.mjs beside this module")
		os.Exit(0)
	}
	cmd := exec.Command("node", script)
	// stderr is inherited so that the server's logs show up and never fill a pipe.
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	must(err)
	stdout, err := cmd.StdoutPipe()
	must(err)
	must(cmd.Start())
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		_ = cmd.Wait()
		panic(fmt.Sprintf("the smoke fixture exited before it was ready: %v", err))
	}
	fixture = &live{}
	must(json.Unmarshal([]byte(line), fixture))
	code := m.Run()
	// Closing stdin is the fixture's signal to stop the server and the fake wiki.
	_ = stdin.Close()
	_ = cmd.Wait()
	os.Exit(code)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// newClient returns a client and the context that carries its key: set once, used by every call.
func newClient(apiKey string) (*docent.APIClient, context.Context) {
	cfg := docent.NewConfiguration()
	cfg.Servers = docent.ServerConfigurations{{URL: fixture.BaseURL}}
	ctx := context.WithValue(context.Background(), docent.ContextAPIKeys, map[string]docent.APIKey{
		"ApiKey": {Key: apiKey},
	})
	return docent.NewAPIClient(cfg), ctx
}

func wikiIngestion(mutate func(*docent.WikiSpec)) docent.CreateIngestionRequest {
	return wikiIngestionInto(collection, mutate)
}

func wikiIngestionInto(collection string, mutate func(*docent.WikiSpec)) docent.CreateIngestionRequest {
	spec := docent.NewWikiSpec(fixture.Wiki.URL)
	spec.SetSpace(fixture.Wiki.Space)
	spec.SetUsername(fixture.Wiki.Username)
	spec.SetToken(fixture.Wiki.Token)
	if mutate != nil {
		mutate(spec)
	}
	return docent.CreateWikiIngestionRequestAsCreateIngestionRequest(
		docent.NewCreateWikiIngestionRequest(namespace, collection, "WIKI", *spec),
	)
}

// problemOf returns the problem details an API error carries.
func problemOf(t *testing.T, err error) (docent.Problem, *docent.GenericOpenAPIError) {
	t.Helper()
	var apiErr *docent.GenericOpenAPIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("want a *GenericOpenAPIError, got %T: %v", err, err)
	}
	problem, ok := apiErr.Model().(docent.Problem)
	if !ok {
		t.Fatalf("want a Problem model, got %T (body %s)", apiErr.Model(), apiErr.Body())
	}
	return problem, apiErr
}

func statusOf(response *http.Response) int {
	if response == nil {
		return 0
	}
	return response.StatusCode
}

// A create sent again with its Idempotency-Key (as net/http itself does for a request that
// carries one when a kept-alive connection drops) starts one ingestion.
func TestIdempotencyKey(t *testing.T) {
	client, ctx := newClient(fixture.APIKey)
	key := fmt.Sprintf("go-smoke-%d", time.Now().UnixNano())
	create := func(collection string) (*docent.CreateIngestionResponse, *http.Response, error) {
		return client.IngestionsAPI.CreateIngestion(ctx).
			CreateIngestionRequest(wikiIngestionInto(collection, nil)).IdempotencyKey(key).Execute()
	}
	first, _, err := create("retried")
	if err != nil {
		t.Fatalf("create_ingestion: %v", err)
	}
	again, _, err := create("retried")
	if err != nil {
		t.Fatalf("create_ingestion again: %v", err)
	}
	if again.IngestionId != first.IngestionId {
		t.Fatalf("the same key gave %s, then %s", first.IngestionId, again.IngestionId)
	}
	_, response, err := create("elsewhere")
	problem, _ := problemOf(t, err)
	if statusOf(response) != 422 || problem.Code != "idempotency_key_reused" {
		t.Fatalf("status %d, problem %+v", statusOf(response), problem)
	}
}

func TestIngestThenAsk(t *testing.T) {
	client, ctx := newClient(fixture.APIKey)

	created, _, err := client.IngestionsAPI.CreateIngestion(ctx).CreateIngestionRequest(wikiIngestion(nil)).Execute()
	if err != nil {
		t.Fatalf("create_ingestion: %v", err)
	}
	locator := docent.NewIngestionLocator(namespace, collection, created.IngestionId)
	var ingestion *docent.Ingestion
	for deadline := time.Now().Add(3 * time.Minute); ; time.Sleep(200 * time.Millisecond) {
		ingestion, _, err = client.IngestionsAPI.GetIngestion(ctx).IngestionLocator(*locator).Execute()
		if err != nil {
			t.Fatalf("get_ingestion: %v", err)
		}
		if ingestion.Status != docent.QUEUED && ingestion.Status != docent.RUNNING || time.Now().After(deadline) {
			break
		}
	}
	if ingestion.Status != docent.SUCCEEDED {
		t.Fatalf("status %s, error %+v", ingestion.Status, ingestion.Error.Get())
	}
	if ingestion.Error.Get() != nil || ingestion.Progress.DocumentsFailed != 0 || ingestion.Progress.DocumentsProcessed == 0 {
		t.Fatalf("unexpected outcome: %+v", ingestion.Progress)
	}
	if ingestion.Spec["token"] != "***" {
		t.Fatalf("the token should come back redacted, got %v", ingestion.Spec["token"])
	}

	t.Run("answers from the right page", func(t *testing.T) {
		answer, _, err := client.AskAPI.Ask(ctx).
			AskRequest(*docent.NewAskRequest(namespace, collection, "Which port does the billing service listen on?")).
			Execute()
		if err != nil {
			t.Fatalf("ask: %v", err)
		}
		if !strings.Contains(answer.Answer, "8431") {
			t.Errorf("answer %q does not quote the port", answer.Answer)
		}
		if len(answer.Refs) == 0 || len(answer.Refs) > 5 {
			t.Fatalf("want 1..5 refs, got %d", len(answer.Refs))
		}
		if answer.Refs[0].DocName != "Billing service runbook" || answer.Refs[0].PageNum != 1 {
			t.Errorf("first ref %+v", answer.Refs[0])
		}
		// The link a user opens: the page on the wiki's own site.
		wantURL := fixture.Wiki.URL + "/wiki/spaces/KB/pages/501/Billing+service+runbook"
		if got := answer.Refs[0].GetUrl(); got != wantURL {
			t.Errorf("first ref url %q, want %q", got, wantURL)
		}
	})

	history := map[string]docent.HistoryMessage{
		"pair as list": docent.ArrayOfStringAsHistoryMessage(
			&[]string{"Who owns the billing service?", "Team Falcon owns the billing service."}),
		"pair as object": docent.HistoryPairAsHistoryMessage(
			docent.NewHistoryPair("Who owns the billing service?", "Team Falcon.")),
	}
	for name, turn := range history {
		t.Run("resolves a follow-up with the history "+name, func(t *testing.T) {
			request := docent.NewAskRequest(namespace, collection, "And which port does it listen on?")
			request.SetHistoryMessages([]docent.HistoryMessage{turn})
			request.SetTopK(2)
			answer, _, err := client.AskAPI.Ask(ctx).AskRequest(*request).Execute()
			if err != nil {
				t.Fatalf("ask: %v", err)
			}
			if len(answer.Refs) == 0 || len(answer.Refs) > 2 || answer.Refs[0].DocName != "Billing service runbook" {
				t.Errorf("refs %+v", answer.Refs)
			}
		})
	}

	t.Run("a 404 is an error value with the problem", func(t *testing.T) {
		_, response, err := client.AskAPI.Ask(ctx).
			AskRequest(*docent.NewAskRequest(namespace, "no-such-collection", "x")).Execute()
		problem, _ := problemOf(t, err)
		if statusOf(response) != 404 || problem.Code != "not_found" {
			t.Errorf("status %d, code %q", statusOf(response), problem.Code)
		}
	})
}

func TestBadRequestIsAnErrorValueWithTheProblem(t *testing.T) {
	client, ctx := newClient(fixture.APIKey)
	// Both space and cql: only the server knows the rule, so the client sends it.
	request := wikiIngestion(func(spec *docent.WikiSpec) { spec.SetCql(`label = "runbook"`) })
	_, response, err := client.IngestionsAPI.CreateIngestion(ctx).CreateIngestionRequest(request).Execute()
	problem, apiErr := problemOf(t, err)
	if statusOf(response) != 400 || problem.Code != "invalid_request" || problem.Status != 400 {
		t.Fatalf("status %d, problem %+v", statusOf(response), problem)
	}
	if len(problem.Errors) != 1 || problem.Errors[0].Field != "spec" ||
		problem.Errors[0].Message != "give exactly one of space or cql" {
		t.Errorf("field errors %+v", problem.Errors)
	}
	// The request carried a wiki token: no error text may echo it.
	if strings.Contains(apiErr.Error(), fixture.Wiki.Token) || strings.Contains(string(apiErr.Body()), fixture.Wiki.Token) {
		t.Errorf("the error echoes the wiki token")
	}
}

func TestUnauthorizedIsAnErrorValueWithTheProblem(t *testing.T) {
	client, ctx := newClient("not-a-valid-key")
	_, response, err := client.AskAPI.Ask(ctx).AskRequest(*docent.NewAskRequest(namespace, collection, "x")).Execute()
	problem, _ := problemOf(t, err)
	if statusOf(response) != 401 || problem.Code != "unauthorized" {
		t.Errorf("status %d, code %q", statusOf(response), problem.Code)
	}
}

func TestToleratesResponseFieldsANewerServerAdds(t *testing.T) {
	var reference docent.Reference
	body := `{"doc_name": "Page", "page_num": 1, "sample_text": "text", "url": null, "highlight": null, "cited": false, "score": 0.9}`
	if err := json.Unmarshal([]byte(body), &reference); err != nil {
		t.Fatalf("decode: %v", err)
	}
	if reference.DocName != "Page" {
		t.Errorf("doc_name %q", reference.DocName)
	}
}

func TestScheduleAnIngestionThenPauseAndDeleteIt(t *testing.T) {
	client, ctx := newClient(fixture.APIKey)
	spec := docent.NewWikiSpec(fixture.Wiki.URL)
	spec.SetSpace(fixture.Wiki.Space)
	spec.SetUsername(fixture.Wiki.Username)
	spec.SetToken(fixture.Wiki.Token)
	wiki := docent.NewCreateWikiIngestionRequest(namespace, "scheduled", "WIKI", *spec)
	schedule := docent.NewIngestionSchedule("0 3 * * *")
	schedule.SetTimezone("Europe/Berlin")
	wiki.SetSchedule(*schedule)
	created, _, err := client.IngestionsAPI.CreateIngestion(ctx).
		CreateIngestionRequest(docent.CreateWikiIngestionRequestAsCreateIngestionRequest(wiki)).Execute()
	if err != nil {
		t.Fatalf("create_ingestion: %v", err)
	}
	scheduleID := created.GetScheduleId()
	if scheduleID == "" {
		t.Fatalf("no schedule_id in %+v", created)
	}

	request := docent.NewListSchedulesRequest(namespace)
	request.SetCollectionName("scheduled")
	listed, _, err := client.SchedulesAPI.ListSchedules(ctx).ListSchedulesRequest(*request).Execute()
	if err != nil {
		t.Fatalf("list_schedules: %v", err)
	}
	if len(listed.Schedules) != 1 {
		t.Fatalf("want one schedule, got %d", len(listed.Schedules))
	}
	got := listed.Schedules[0]
	if got.ScheduleId != scheduleID || got.Cron != "0 3 * * *" || got.Timezone != "Europe/Berlin" ||
		got.Status != docent.ACTIVE || got.NextRunAt.Get() == nil || got.Spec["token"] != "***" {
		t.Errorf("schedule %+v", got)
	}

	locator := docent.NewScheduleLocator(namespace, "scheduled", scheduleID)
	paused, _, err := client.SchedulesAPI.PauseSchedule(ctx).ScheduleLocator(*locator).Execute()
	if err != nil {
		t.Fatalf("pause_schedule: %v", err)
	}
	if paused.Status != docent.PAUSED || paused.NextRunAt.Get() != nil {
		t.Errorf("paused schedule %+v", paused)
	}
	deleted, _, err := client.SchedulesAPI.DeleteSchedule(ctx).ScheduleLocator(*locator).Execute()
	if err != nil || !deleted.Deleted {
		t.Fatalf("delete_schedule: %v %+v", err, deleted)
	}
}
