package dev.docent.testnode;

import java.util.regex.Pattern;
import org.apache.lucene.analysis.pattern.PatternTokenizer;
import org.elasticsearch.index.analysis.TokenizerFactory;

/**
 * The `pattern` tokenizer (`pattern`, `group`; default `\W+`, split), on the same Lucene class
 * as `analysis-common`'s: Docent splits words at punctuation as its embedded index does.
 */
final class PatternTokenizerFactory {
    private PatternTokenizerFactory() {}

    static TokenizerFactory of(String name, String pattern, int group) {
        Pattern compiled = Pattern.compile(pattern);
        return TokenizerFactory.newFactory(name, () -> new PatternTokenizer(compiled, group));
    }
}
