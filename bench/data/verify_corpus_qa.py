#!/usr/bin/env python3
"""Checks corpus-qa.jsonl and corpus-qa-second.jsonl (their non-PDF rows) against the corpus files with the Python standard library alone, a
reading independent of Docent's parsers: for every question, the pages (DOCX: Word's rendered
page breaks; PPTX: slides in presentation order; XLSX: sheets in workbook order; HTML and
Markdown: one page) on which its evidence string appears, whitespace-normalised and
case-insensitive, must be exactly its `evidence_pages`, and include `page`.

    python3 bench/data/verify_corpus_qa.py [corpus dir]   (default: ../shared/corpus)
"""
import html
import html.parser
import json
import posixpath
import re
import sys
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[2] / 'shared' / 'corpus'


def normalise(text):
    return re.sub(r'\s+', ' ', text).strip().lower()


def docx_pages(path):
    """Page texts split at w:lastRenderedPageBreak (Word's own pagination when it saved the
    file), or at explicit page breaks when the file has none."""
    xml = zipfile.ZipFile(path).read('word/document.xml').decode('utf-8')
    rendered = '<w:lastRenderedPageBreak/>' in xml
    pages = ['']
    token = re.compile(r'<w:t(?:\s[^>]*)?>([^<]*)</w:t>|<w:lastRenderedPageBreak/>|<w:br [^>]*w:type="page"[^>]*/>|</w:p>|<w:tab/>')
    for match in token.finditer(xml):
        tag = match.group(0)
        if match.group(1) is not None:
            pages[-1] += html.unescape(match.group(1))
        elif tag == '<w:lastRenderedPageBreak/>':
            if rendered:
                pages.append('')
        elif tag.startswith('<w:br'):
            if not rendered:
                pages.append('')
        else:
            pages[-1] += ' '
    return pages


def ordered_parts(archive, main, rels, id_attr_pattern):
    """Targets of the relationships listed in `main`, in listed order."""
    main_xml = archive.read(main).decode('utf-8')
    rels_xml = archive.read(rels).decode('utf-8')
    targets = dict(re.findall(r'<Relationship [^>]*Id="([^"]+)"[^>]*Target="([^"]+)"', rels_xml))
    targets.update(
        {rid: target for target, rid in re.findall(r'<Relationship [^>]*Target="([^"]+)"[^>]*Id="([^"]+)"', rels_xml)}
    )
    base = posixpath.dirname(main)
    return [posixpath.normpath(posixpath.join(base, targets[rid])) for rid in re.findall(id_attr_pattern, main_xml)]


def pptx_pages(path):
    archive = zipfile.ZipFile(path)
    slides = ordered_parts(archive, 'ppt/presentation.xml', 'ppt/_rels/presentation.xml.rels', r'<p:sldId [^>]*r:id="([^"]+)"')
    pages = []
    for slide in slides:
        xml = archive.read(slide).decode('utf-8')
        xml = re.sub(r'</a:p>', ' ', xml)
        pages.append(' '.join(html.unescape(t) for t in re.findall(r'<a:t>([^<]*)</a:t>', xml)))
    return pages


def xlsx_pages(path):
    archive = zipfile.ZipFile(path)
    shared = []
    if 'xl/sharedStrings.xml' in archive.namelist():
        xml = archive.read('xl/sharedStrings.xml').decode('utf-8')
        for item in re.findall(r'<si>(.*?)</si>', xml, re.S):
            shared.append(''.join(html.unescape(t) for t in re.findall(r'<t(?:\s[^>]*)?>([^<]*)</t>', item)))
    sheets = ordered_parts(archive, 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', r'<sheet [^>]*r:id="([^"]+)"')
    pages = []
    for sheet in sheets:
        xml = archive.read(sheet).decode('utf-8')
        cells = []
        for attrs, body in re.findall(r'<c ([^>]*?)(?:/>|>(.*?)</c>)', xml, re.S):
            value = re.search(r'<v>([^<]*)</v>', body or '')
            if 't="s"' in attrs and value:
                cells.append(shared[int(value.group(1))])
            elif 't="inlineStr"' in attrs:
                cells.append(''.join(html.unescape(t) for t in re.findall(r'<t(?:\s[^>]*)?>([^<]*)</t>', body)))
            elif value:
                cells.append(value.group(1))
        pages.append(' \n '.join(cells))
    return pages


class TextOfHtml(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ('script', 'style'):
            self.skip += 1
        self.parts.append(' ')

    def handle_endtag(self, tag):
        if tag in ('script', 'style'):
            self.skip -= 1
        self.parts.append(' ')

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def html_pages(path):
    reader = TextOfHtml()
    reader.feed(path.read_text('utf-8', errors='replace'))
    return [''.join(reader.parts)]


def markdown_pages(path):
    text = path.read_text('utf-8')
    text = re.sub(r'!?\[([^\]]*)\]\([^)]*\)', r'\1', text)  # links and images: their text
    text = re.sub(r'[`*_]', '', text)
    return [text]


READERS = {'.docx': docx_pages, '.pptx': pptx_pages, '.xlsx': xlsx_pages, '.html': html_pages, '.md': markdown_pages}


def main():
    failures = 0
    rows = [
        json.loads(line)
        for name in ('corpus-qa.jsonl', 'corpus-qa-second.jsonl')
        for line in (HERE / name).read_text('utf-8').splitlines()
        if line.strip()
    ]
    # PDF rows (the second set has some) are checked by bench/test/corpus-questions.test.ts.
    rows = [row for row in rows if Path(row['file']).suffix in READERS]
    cache = {}
    for row in rows:
        path = CORPUS / row['file']
        if path not in cache:
            cache[path] = [normalise(page) for page in READERS[path.suffix](path)]
        evidence = normalise(row['evidence'])
        found = [i + 1 for i, page in enumerate(cache[path]) if evidence in page]
        ok = found == sorted(row['evidence_pages']) and row['page'] in found
        failures += 0 if ok else 1
        print(f"{'ok  ' if ok else 'FAIL'} {row['file']} p.{row['page']} found on {found}: {row['evidence'][:60]}")
    print(f'{len(rows) - failures}/{len(rows)} verified')
    sys.exit(1 if failures else 0)


if __name__ == '__main__':
    main()
