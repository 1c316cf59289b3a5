package dev.docent.testnode;

import java.util.function.UnaryOperator;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.KStemFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.elasticsearch.index.analysis.AbstractTokenFilterFactory;

/**
 * The `stemmer` filter's English languages, mapped to the Lucene filters `analysis-common`
 * maps them to; any other language is refused, as an unknown one is there.
 */
final class StemmerTokenFilterFactory extends AbstractTokenFilterFactory {
    private final UnaryOperator<TokenStream> stemmer;

    private StemmerTokenFilterFactory(String name, UnaryOperator<TokenStream> stemmer) {
        super(name);
        this.stemmer = stemmer;
    }

    static StemmerTokenFilterFactory forLanguage(String name, String language) {
        UnaryOperator<TokenStream> stemmer = switch (language) {
            case "english", "porter" -> PorterStemFilter::new;
            case "possessive_english" -> EnglishPossessiveFilter::new;
            case "light_english" -> KStemFilter::new;
            case "minimal_english" -> EnglishMinimalStemFilter::new;
            default -> throw new IllegalArgumentException(
                "the Docent test node's stemmer supports english, porter, possessive_english, "
                    + "light_english and minimal_english, not [" + language + "]"
            );
        };
        return new StemmerTokenFilterFactory(name, stemmer);
    }

    @Override
    public TokenStream create(TokenStream tokenStream) {
        return stemmer.apply(tokenStream);
    }
}
