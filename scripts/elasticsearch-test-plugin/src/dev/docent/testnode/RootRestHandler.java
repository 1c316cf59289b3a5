package dev.docent.testnode;

import java.util.List;
import java.util.function.Supplier;
import org.elasticsearch.Build;
import org.elasticsearch.client.internal.node.NodeClient;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.common.bytes.BytesArray;
import org.elasticsearch.index.IndexVersion;
import org.elasticsearch.rest.RestChannel;
import org.elasticsearch.rest.RestHandler;
import org.elasticsearch.rest.RestRequest;
import org.elasticsearch.rest.RestResponse;
import org.elasticsearch.rest.RestStatus;
import org.elasticsearch.xcontent.XContentBuilder;

/** `GET /` answers the node's name, cluster and version as `rest-root` does; `HEAD /` a bare 200. */
final class RootRestHandler implements RestHandler {
    private final Supplier<ClusterService> clusterService;

    RootRestHandler(Supplier<ClusterService> clusterService) {
        this.clusterService = clusterService;
    }

    @Override
    public List<Route> routes() {
        return List.of(new Route(RestRequest.Method.GET, "/"), new Route(RestRequest.Method.HEAD, "/"));
    }

    @Override
    public void handleRequest(RestRequest request, RestChannel channel, NodeClient client) throws Exception {
        if (request.method() == RestRequest.Method.HEAD) {
            channel.sendResponse(new RestResponse(RestStatus.OK, "application/json", BytesArray.EMPTY));
            return;
        }
        ClusterService cluster = clusterService.get();
        Build build = Build.current();
        XContentBuilder body = channel.newBuilder();
        body.startObject()
            .field("name", cluster.getNodeName())
            .field("cluster_name", cluster.getClusterName().value())
            .field("cluster_uuid", cluster.state().metadata().clusterUUID())
            .startObject("version")
            .field("number", build.qualifiedVersion())
            .field("build_flavor", build.flavor())
            .field("build_type", build.type().displayName())
            .field("build_hash", build.hash())
            .field("build_date", build.date())
            .field("build_snapshot", build.isSnapshot())
            .field("lucene_version", IndexVersion.current().luceneVersion().toString())
            .field("minimum_wire_compatibility_version", build.minWireCompatVersion())
            .field("minimum_index_compatibility_version", build.minIndexCompatVersion())
            .endObject()
            .field("tagline", "You Know, for Search")
            .endObject();
        channel.sendResponse(new RestResponse(RestStatus.OK, body));
    }
}
