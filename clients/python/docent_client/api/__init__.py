# flake8: noqa

# import apis into api package
from docent_client.api.account_api import AccountApi
from docent_client.api.ask_api import AskApi
from docent_client.api.collections_api import CollectionsApi
from docent_client.api.connections_api import ConnectionsApi
from docent_client.api.connectors_api import ConnectorsApi
from docent_client.api.documents_api import DocumentsApi
from docent_client.api.ingestions_api import IngestionsApi
from docent_client.api.operations_api import OperationsApi
from docent_client.api.schedules_api import SchedulesApi

