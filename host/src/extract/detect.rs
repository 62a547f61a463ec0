//! Format detection from the content (magic bytes, EPUB zip layout, decodable text) and the file
//! name (Markdown by extension). Used by the upload endpoint to answer 400 early and by
//! [`super::extract`]. Not for extraction itself.

use super::{ExtractError, Format, text};
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

/// How far into the file `%PDF-` may start (readers tolerate leading junk).
const PDF_MAGIC_WINDOW: usize = 1024;
/// How much of the file is sampled to decide whether it is text.
const TEXT_SAMPLE: usize = 64 * 1024;

/// Detects the format of a document held in memory.
pub fn detect(bytes: &[u8], file_name: &str) -> Result<Format, ExtractError> {
    detect_reader(&mut std::io::Cursor::new(bytes), file_name)
}

/// Detects the format of a file on disk without reading all of it.
pub fn detect_file(path: &Path, file_name: &str) -> Result<Format, ExtractError> {
    let mut f = std::fs::File::open(path).map_err(|e| ExtractError::Io(e.to_string()))?;
    detect_reader(&mut f, file_name)
}

fn has_ext(file_name: &str, exts: &[&str]) -> bool {
    Path::new(file_name)
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
}

fn detect_reader<R: Read + Seek>(r: &mut R, file_name: &str) -> Result<Format, ExtractError> {
    let total = r
        .seek(SeekFrom::End(0))
        .map_err(|e| ExtractError::Io(e.to_string()))?;
    r.seek(SeekFrom::Start(0))
        .map_err(|e| ExtractError::Io(e.to_string()))?;
    let mut head = Vec::with_capacity(TEXT_SAMPLE.min(total as usize));
    r.by_ref()
        .take(TEXT_SAMPLE as u64)
        .read_to_end(&mut head)
        .map_err(|e| ExtractError::Io(e.to_string()))?;
    if head.is_empty() {
        return Err(ExtractError::Unrecognized("the file is empty".into()));
    }
    let window = &head[..head.len().min(PDF_MAGIC_WINDOW)];
    if find(window, b"%PDF-").is_some() {
        return Ok(Format::Pdf);
    }
    if head.starts_with(b"PK\x03\x04") || head.starts_with(b"PK\x05\x06") {
        r.seek(SeekFrom::Start(0))
            .map_err(|e| ExtractError::Io(e.to_string()))?;
        return detect_zip(r, file_name);
    }
    if let Some(kind) = binary_magic(&head) {
        return Err(ExtractError::Unrecognized(format!("the file is {kind}")));
    }
    let complete = head.len() as u64 >= total;
    match text::sniff_encoding(&head, complete) {
        Some(_) => Ok(if has_ext(file_name, &["md", "markdown", "mdown", "mkd"]) {
            Format::Markdown
        } else {
            Format::Text
        }),
        None => Err(ExtractError::Unrecognized(
            "the content is neither a PDF, an EPUB nor text in a supported encoding \
             (UTF-8, UTF-16, GB18030/GBK, Big5)"
                .into(),
        )),
    }
}

fn detect_zip<R: Read + Seek>(r: &mut R, file_name: &str) -> Result<Format, ExtractError> {
    match zip::ZipArchive::new(r) {
        Ok(z) => {
            if z.file_names().filter_map(Result::ok).any(|n| {
                n.trim_start_matches('/')
                    .eq_ignore_ascii_case("META-INF/container.xml")
            }) {
                Ok(Format::Epub)
            } else {
                Err(ExtractError::Unrecognized(
                    "a zip archive that is not an EPUB (it has no META-INF/container.xml)".into(),
                ))
            }
        }
        Err(e) if has_ext(file_name, &["epub"]) => Err(ExtractError::DamagedEpub(format!(
            "the zip container cannot be read ({e}); the file may be truncated"
        ))),
        Err(e) => Err(ExtractError::Unrecognized(format!(
            "a zip archive that cannot be read ({e})"
        ))),
    }
}

pub(crate) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Names well-known binary formats so the error says what the file is.
fn binary_magic(head: &[u8]) -> Option<&'static str> {
    let table: &[(&[u8], &str)] = &[
        (b"\x89PNG", "a PNG image"),
        (b"\xFF\xD8\xFF", "a JPEG image"),
        (b"GIF8", "a GIF image"),
        (b"BM", ""),
        (b"\x7FELF", "an executable (ELF)"),
        (b"MZ", "an executable (Windows)"),
        (b"\xCA\xFE\xBA\xBE", "an executable (Mach-O / Java class)"),
        (b"\xCF\xFA\xED\xFE", "an executable (Mach-O)"),
        (b"\x1F\x8B", "a gzip archive"),
        (b"7z\xBC\xAF\x27\x1C", "a 7-Zip archive"),
        (b"Rar!", "a RAR archive"),
        (
            b"\xD0\xCF\x11\xE0",
            "a legacy Office document (doc/xls/ppt)",
        ),
        (b"\x00asm", "a WebAssembly module"),
        (b"RIFF", "a RIFF media file"),
        (b"ID3", "an MP3 file"),
        (b"OggS", "an Ogg media file"),
        (b"fLaC", "a FLAC audio file"),
        (b"wOFF", "a web font"),
        (b"{\\rtf", "an RTF document"),
    ];
    for (magic, what) in table {
        if head.starts_with(magic) && !what.is_empty() {
            return Some(what);
        }
    }
    if head.len() > 12 && &head[4..8] == b"ftyp" {
        return Some("a video or image (ISO media)");
    }
    if head.len() > 12 && &head[..4] == b"RIFF" && &head[8..12] == b"WEBP" {
        return Some("a WebP image");
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zip_with(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        for (name, data) in entries {
            w.start_file(*name, zip::write::SimpleFileOptions::default())
                .unwrap();
            w.write_all(data).unwrap();
        }
        w.finish().unwrap().into_inner()
    }

    #[test]
    fn detect_table() {
        let epub = zip_with(&[
            ("META-INF/container.xml", b"<container/>"),
            ("mimetype", b"application/epub+zip"),
        ]);
        let plain_zip = zip_with(&[("a.txt", b"hello")]);
        let mut junk_pdf = vec![b'x'; 500];
        junk_pdf.extend_from_slice(b"%PDF-1.4\n");
        let mut late_pdf = vec![b'x'; 2000];
        late_pdf.extend_from_slice(b"%PDF-1.4\n");
        let gb = encoding_rs::GB18030
            .encode("第一章 学而时习之，不亦说乎？")
            .0
            .to_vec();
        let mut utf16 = vec![0xFF, 0xFE];
        for u in "hello 世界".encode_utf16() {
            utf16.extend_from_slice(&u.to_le_bytes());
        }
        let junk: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        let ok: &[(&str, &[u8], &str, Format)] = &[
            ("pdf", b"%PDF-1.7\n...", "a.bin", Format::Pdf),
            ("pdf after junk", &junk_pdf, "a.pdf", Format::Pdf),
            ("epub", &epub, "book.zip", Format::Epub),
            ("md", b"# Title\n\ntext", "notes.md", Format::Markdown),
            ("markdown", b"# Title\n", "notes.MARKDOWN", Format::Markdown),
            (
                "md content, txt name",
                b"# Title\n",
                "notes.txt",
                Format::Text,
            ),
            ("txt", b"plain text\n", "a.txt", Format::Text),
            (
                "no extension",
                "中文文本".as_bytes(),
                "README",
                Format::Text,
            ),
            ("gb18030", &gb, "a.txt", Format::Text),
            ("utf16 bom", &utf16, "a.txt", Format::Text),
            (
                "pdf magic too late is just text",
                &late_pdf,
                "a.pdf",
                Format::Text,
            ),
        ];
        for (name, bytes, file, want) in ok {
            assert_eq!(detect(bytes, file).unwrap(), *want, "{name}");
        }
        let bad: &[(&str, &[u8], &str, &str)] = &[
            ("empty", b"", "a.txt", "empty"),
            ("zip", &plain_zip, "a.zip", "not an EPUB"),
            ("png", b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR", "a.png", "PNG"),
            ("elf", b"\x7FELF\x02\x01\x01\0\0\0", "a.txt", "executable"),
            ("junk", &junk, "a.txt", "neither"),
        ];
        for (name, bytes, file, needle) in bad {
            match detect(bytes, file) {
                Err(ExtractError::Unrecognized(why)) => {
                    assert!(why.contains(needle), "{name}: {why}")
                }
                other => panic!("{name}: {other:?}"),
            }
        }
        // a truncated .epub is reported as damaged, not as an unknown type
        let cut = &epub[..epub.len() - 30];
        assert!(matches!(
            detect(cut, "book.epub"),
            Err(ExtractError::DamagedEpub(_))
        ));
    }

    #[test]
    fn detect_file_reads_from_disk() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("x.md");
        std::fs::write(&p, "# hi\n").unwrap();
        assert_eq!(detect_file(&p, "x.md").unwrap(), Format::Markdown);
    }
}
