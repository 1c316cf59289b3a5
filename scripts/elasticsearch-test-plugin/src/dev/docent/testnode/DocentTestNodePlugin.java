package dev.docent.testnode;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.elasticsearch.cluster.node.DiscoveryNodes;
import org.elasticsearch.cluster.service.ClusterService;
import org.elasticsearch.features.NodeFeature;
import org.elasticsearch.index.analysis.TokenFilterFactory;
import org.elasticsearch.index.analysis.TokenizerFactory;
import org.elasticsearch.indices.analysis.AnalysisModule.AnalysisProvider;
import org.elasticsearch.plugins.ActionPlugin;
import org.elasticsearch.plugins.AnalysisPlugin;
import org.elasticsearch.plugins.Plugin;
import org.elasticsearch.rest.RestHandler;

/**
 * Fills the gaps of Elastic's integration-test distribution, which ships without the
 * `rest-root` and `analysis-common` modules, for Docent's test node only (production runs
 * Elastic's images, which have both): `GET /` and `HEAD /`, the `pattern` tokenizer and the
 * `stemmer` and `asciifolding` token filters Docent's collection mapping uses, built on the same
 * Lucene classes as the `analysis-common` module.
 */
public final class DocentTestNodePlugin extends Plugin implements ActionPlugin, AnalysisPlugin {
    private volatile ClusterService clusterService;

    @Override
    public Collection<?> createComponents(PluginServices services) {
        clusterService = services.clusterService();
        return List.of();
    }

    @Override
    public Collection<RestHandler> getRestHandlers(
        RestHandlersServices services,
        Supplier<DiscoveryNodes> nodesInCluster,
        Predicate<NodeFeature> clusterSupportsFeature
    ) {
        return List.of(new RootRestHandler(() -> clusterService));
    }

    @Override
    public Map<String, AnalysisProvider<TokenizerFactory>> getTokenizers() {
        return Map.of(
            "pattern",
            (indexSettings, environment, name, settings) ->
                PatternTokenizerFactory.of(name, settings.get("pattern", "\\W+"), settings.getAsInt("group", -1))
        );
    }

    @Override
    public Map<String, AnalysisProvider<TokenFilterFactory>> getTokenFilters() {
        return Map.of(
            "stemmer",
            AnalysisPlugin.requiresAnalysisSettings(
                (indexSettings, environment, name, settings) ->
                    StemmerTokenFilterFactory.forLanguage(name, settings.get("language", "porter"))
            ),
            "asciifolding",
            (indexSettings, environment, name, settings) ->
                new AsciiFoldingTokenFilterFactory(name, settings.getAsBoolean("preserve_original", false))
        );
    }
}
