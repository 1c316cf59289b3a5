package dev.docent.testnode;

import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;

/** `asciifolding`: "café" indexes and matches as "cafe". */
final class AsciiFoldingTokenFilterFactory extends AbstractTokenFilterFactory {
    private final boolean preserveOriginal;

    AsciiFoldingTokenFilterFactory(String name, boolean preserveOriginal) {
        super(name);
        this.preserveOriginal = preserveOriginal;
    }

    @Override
    public TokenStream create(TokenStream tokenStream) {
        return new ASCIIFoldingFilter(tokenStream, preserveOriginal);
    }

    /** Query terms of multi-term queries (prefix, wildcard) are folded too. */
    @Override
    public TokenStream normalize(TokenStream tokenStream) {
        return new ASCIIFoldingFilter(tokenStream, false);
    }
}
