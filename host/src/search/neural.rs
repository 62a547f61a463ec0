//! The optional neural embedder: a BERT-family sentence-embedding model (for example
//! all-MiniLM-L6-v2) read from a local directory that the operator names with `--embed-model`
//! (`GROVE_EMBED_MODEL`), run on the CPU with candle. A text is tokenized with the model's own
//! `tokenizer.json`, cut into windows of at most the model's sequence length, encoded in
//! length-sorted batches, mean-pooled over its real tokens and L2-normalised. Nothing is ever
//! downloaded: a directory that lacks a file, or whose files do not load, is an error that names
//! the directory and the file, and the server refuses to start with it.
//!
//! Not for: ranking or fusion (see `mod.rs`), or the default embedder that needs no model (see
//! `embed.rs`).

use std::path::{Path, PathBuf};

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::{BertModel, Config as BertConfig};
use sha2::{Digest, Sha256};
use tokenizers::Tokenizer;

/// Files a model directory must have.
pub const REQUIRED_FILES: [&str; 3] = ["config.json", "tokenizer.json", "model.safetensors"];
/// Windows encoded together.
const BATCH: usize = 16;
/// Longest window when the model directory does not say (`sentence_bert_config.json`).
const DEFAULT_MAX_TOKENS: usize = 256;

/// Why a model directory cannot be used, or a text could not be embedded.
#[derive(Debug, thiserror::Error)]
pub enum NeuralError {
    #[error(
        "embedding model directory {}: {file} is missing (a BERT-family sentence-embedding model needs {})",
        dir.display(),
        REQUIRED_FILES.join(", ")
    )]
    Missing { dir: PathBuf, file: &'static str },
    #[error("embedding model directory {}: {file}: {message}", dir.display())]
    Invalid {
        dir: PathBuf,
        file: &'static str,
        message: String,
    },
    #[error("embedding model: {0}")]
    Run(String),
}

impl From<candle_core::Error> for NeuralError {
    fn from(e: candle_core::Error) -> Self {
        NeuralError::Run(e.to_string())
    }
}

/// A loaded sentence-embedding model. Cheap to share (`Arc`); `embed` may run on any thread.
pub struct NeuralEmbedder {
    model: BertModel,
    tokenizer: Tokenizer,
    device: Device,
    dir: PathBuf,
    /// First 16 hex digits of the SHA-256 of `model.safetensors`: what stored vectors were made
    /// with.
    fingerprint: String,
    dim: usize,
    max_tokens: usize,
    pad_id: u32,
    /// The tokens the tokenizer puts around a text (`[CLS]` … `[SEP]` for BERT).
    prefix: Vec<u32>,
    suffix: Vec<u32>,
}

impl std::fmt::Debug for NeuralEmbedder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NeuralEmbedder")
            .field("dir", &self.dir)
            .field("fingerprint", &self.fingerprint)
            .field("dim", &self.dim)
            .field("max_tokens", &self.max_tokens)
            .finish()
    }
}

impl NeuralEmbedder {
    /// Loads the model in `dir`: `config.json` (BERT configuration), `tokenizer.json`,
    /// `model.safetensors`, and optionally `sentence_bert_config.json` (`max_seq_length`).
    pub fn load(dir: &Path) -> Result<NeuralEmbedder, NeuralError> {
        if !dir.is_dir() {
            return Err(NeuralError::Invalid {
                dir: dir.to_path_buf(),
                file: "(the directory itself)",
                message: "not a directory".into(),
            });
        }
        for file in REQUIRED_FILES {
            if !dir.join(file).is_file() {
                return Err(NeuralError::Missing {
                    dir: dir.to_path_buf(),
                    file,
                });
            }
        }
        let invalid = |file: &'static str, message: String| NeuralError::Invalid {
            dir: dir.to_path_buf(),
            file,
            message,
        };
        let config_text = std::fs::read_to_string(dir.join("config.json"))
            .map_err(|e| invalid("config.json", e.to_string()))?;
        let config: BertConfig = serde_json::from_str(&config_text)
            .map_err(|e| invalid("config.json", format!("not a BERT configuration: {e}")))?;
        let mut tokenizer = Tokenizer::from_file(dir.join("tokenizer.json"))
            .map_err(|e| invalid("tokenizer.json", e.to_string()))?;
        tokenizer
            .with_truncation(None)
            .map_err(|e| invalid("tokenizer.json", e.to_string()))?;
        tokenizer.with_padding(None);
        let specials = tokenizer
            .encode("", true)
            .map_err(|e| invalid("tokenizer.json", e.to_string()))?;
        let ids = specials.get_ids();
        let (prefix, suffix) = match ids {
            [] => (Vec::new(), Vec::new()),
            [one] => (vec![*one], Vec::new()),
            [first, .., last] => (vec![*first], vec![*last]),
        };
        let weights = std::fs::read(dir.join("model.safetensors"))
            .map_err(|e| invalid("model.safetensors", e.to_string()))?;
        let fingerprint = hex::encode(Sha256::digest(&weights))[..16].to_string();
        let device = Device::Cpu;
        let vb = VarBuilder::from_buffered_safetensors(weights, DType::F32, &device)
            .map_err(|e| invalid("model.safetensors", e.to_string()))?;
        let model = BertModel::load(vb, &config).map_err(|e| {
            invalid(
                "model.safetensors",
                format!("not the weights of a BERT model described by config.json: {e}"),
            )
        })?;
        let seq = std::fs::read_to_string(dir.join("sentence_bert_config.json"))
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok())
            .and_then(|v| v["max_seq_length"].as_u64())
            .map(|n| n as usize)
            .unwrap_or(DEFAULT_MAX_TOKENS);
        let max_tokens = seq.min(config.max_position_embeddings).max(8);
        let mut embedder = NeuralEmbedder {
            model,
            tokenizer,
            device,
            dir: dir.to_path_buf(),
            fingerprint,
            dim: config.hidden_size,
            max_tokens,
            pad_id: config.pad_token_id as u32,
            prefix,
            suffix,
        };
        // One real forward pass now, so a model that loads but cannot run fails at start-up.
        let probe = embedder
            .embed_windows(&[embedder.window(&[])])
            .map_err(|e| invalid("model.safetensors", e.to_string()))?;
        embedder.dim = probe.first().map(Vec::len).unwrap_or(embedder.dim);
        Ok(embedder)
    }

    /// The model directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Identifies the weights (stored vectors made with other weights are not reused).
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    /// Dimensions of a vector.
    pub fn dim(&self) -> usize {
        self.dim
    }

    /// Longest window, in tokens, special tokens included.
    pub fn max_tokens(&self) -> usize {
        self.max_tokens
    }

    fn window(&self, body: &[u32]) -> Vec<u32> {
        let mut w = Vec::with_capacity(body.len() + self.prefix.len() + self.suffix.len());
        w.extend_from_slice(&self.prefix);
        w.extend_from_slice(body);
        w.extend_from_slice(&self.suffix);
        w
    }

    /// The token windows of a text: at most `max_windows`, each within the model's length.
    fn windows(&self, text: &str, max_windows: usize) -> Result<Vec<Vec<u32>>, NeuralError> {
        let enc = self
            .tokenizer
            .encode(text, false)
            .map_err(|e| NeuralError::Run(format!("tokenizing: {e}")))?;
        let ids = enc.get_ids();
        let room = self
            .max_tokens
            .saturating_sub(self.prefix.len() + self.suffix.len())
            .max(1);
        if ids.is_empty() {
            return Ok(vec![self.window(&[])]);
        }
        Ok(ids
            .chunks(room)
            .take(max_windows.max(1))
            .map(|c| self.window(c))
            .collect())
    }

    /// Unit vectors of texts, one each (a text longer than the model's window is cut to it).
    pub fn embed(&self, texts: &[&str]) -> Result<Vec<Vec<f32>>, NeuralError> {
        let mut windows = Vec::with_capacity(texts.len());
        for t in texts {
            windows.extend(self.windows(t, 1)?);
        }
        self.embed_windows(&windows)
    }

    /// Unit vectors of the windows of each text: a long text gives up to `max_windows` vectors
    /// (its first `max_windows * max_tokens` tokens). Returns, per text, its vectors.
    pub fn embed_long(
        &self,
        texts: &[&str],
        max_windows: usize,
    ) -> Result<Vec<Vec<Vec<f32>>>, NeuralError> {
        let mut owner = Vec::new();
        let mut windows = Vec::new();
        for (i, t) in texts.iter().enumerate() {
            for w in self.windows(t, max_windows)? {
                owner.push(i);
                windows.push(w);
            }
        }
        let vectors = self.embed_windows(&windows)?;
        let mut out = vec![Vec::new(); texts.len()];
        for (i, v) in owner.into_iter().zip(vectors) {
            out[i].push(v);
        }
        Ok(out)
    }

    /// Encodes token windows in length-sorted batches; mean pooling over real tokens, then L2.
    fn embed_windows(&self, windows: &[Vec<u32>]) -> Result<Vec<Vec<f32>>, NeuralError> {
        let mut order: Vec<usize> = (0..windows.len()).collect();
        order.sort_by_key(|&i| windows[i].len());
        let mut out = vec![Vec::new(); windows.len()];
        for batch in order.chunks(BATCH) {
            let width = batch
                .iter()
                .map(|&i| windows[i].len())
                .max()
                .unwrap_or(1)
                .max(1);
            let mut ids = Vec::with_capacity(batch.len() * width);
            let mut mask = Vec::with_capacity(batch.len() * width);
            for &i in batch {
                let w = &windows[i];
                ids.extend_from_slice(w);
                ids.extend(std::iter::repeat_n(self.pad_id, width - w.len()));
                mask.extend(std::iter::repeat_n(1u32, w.len()));
                mask.extend(std::iter::repeat_n(0u32, width - w.len()));
            }
            let ids = Tensor::from_vec(ids, (batch.len(), width), &self.device)?;
            let mask = Tensor::from_vec(mask, (batch.len(), width), &self.device)?;
            let types = ids.zeros_like()?;
            let hidden = self.model.forward(&ids, &types, Some(&mask))?;
            let m = mask.to_dtype(DType::F32)?.unsqueeze(2)?;
            let summed = hidden.broadcast_mul(&m)?.sum(1)?;
            let counts = m.sum(1)?.clamp(1e-9f32, f32::MAX)?;
            let mean = summed.broadcast_div(&counts)?;
            let norm = mean
                .sqr()?
                .sum_keepdim(1)?
                .sqrt()?
                .clamp(1e-12f32, f32::MAX)?;
            let unit = mean.broadcast_div(&norm)?;
            for (&i, v) in batch.iter().zip(unit.to_vec2::<f32>()?) {
                out[i] = v;
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The model scripts/fetch-embed-model.sh installs (`just test` runs it), or
    /// `GROVE_TEST_EMBED_MODEL`.
    fn installed() -> NeuralEmbedder {
        let dir = std::env::var_os("GROVE_TEST_EMBED_MODEL")
            .map(PathBuf::from)
            .unwrap_or_else(|| {
                PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                    .join("../target/embed-model/all-MiniLM-L6-v2")
            });
        assert!(
            dir.join("model.safetensors").is_file(),
            "no embedding model at {}: run scripts/fetch-embed-model.sh (just test does)",
            dir.display()
        );
        NeuralEmbedder::load(&dir).unwrap()
    }

    fn cosine(a: &[f32], b: &[f32]) -> f32 {
        a.iter().zip(b).map(|(x, y)| x * y).sum()
    }

    #[test]
    fn the_installed_model_agrees_with_an_independent_implementation() {
        let m = installed();
        assert_eq!((m.dim(), m.max_tokens()), (384, 256));
        // First six dimensions printed by scripts/embed-reference.py (numpy BERT and the
        // `tokenizers` package) for the same texts and model files.
        let cases: [(&str, [f32; 6]); 3] = [
            (
                "The farmers planted wheat in spring.",
                [-0.00707, 0.04167, -0.0129, 0.01871, 0.08625, 0.00246],
            ),
            (
                "抬起头看天上的月亮，低下头想念远方的家乡",
                [0.00621, 0.1123, 0.04977, 0.00309, -0.01964, 0.06769],
            ),
            (
                "threshold of queued bytes after which write() starts returning false",
                [-0.00305, -0.02468, -0.01926, 0.07165, -0.04593, -0.1045],
            ),
        ];
        let texts: Vec<&str> = cases.iter().map(|c| c.0).collect();
        let got = m.embed(&texts).unwrap();
        for ((text, want), v) in cases.iter().zip(&got) {
            let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
            assert!((norm - 1.0).abs() < 1e-4, "{text}: norm {norm}");
            for (g, w) in v.iter().zip(want) {
                assert!((g - w).abs() < 2e-4, "{text}: {:?} vs {want:?}", &v[..6]);
            }
        }
        // Batched with padding or alone: the same vector.
        let alone = m.embed(&[texts[0]]).unwrap();
        assert!(cosine(&alone[0], &got[0]) > 0.9999);
    }

    #[test]
    fn paraphrases_are_closer_than_unrelated_texts_and_long_texts_have_windows() {
        let m = installed();
        let v = m
            .embed(&[
                "How do I repair a punctured bicycle tyre?",
                "fixing a flat tire on my bike",
                "The recipe needs flour, butter and sugar.",
            ])
            .unwrap();
        assert!(cosine(&v[0], &v[1]) > cosine(&v[0], &v[2]) + 0.3);
        let long = "The queen lays eggs while the workers gather nectar. ".repeat(100);
        let w = m.embed_long(&[&long, "short"], 2).unwrap();
        assert_eq!((w[0].len(), w[1].len()), (2, 1));
        assert!(cosine(&w[0][0], &w[0][1]) > 0.9);
    }

    #[test]
    fn a_directory_without_the_files_is_refused_by_name() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = tmp.path().join("model");
        let err = NeuralEmbedder::load(&dir).unwrap_err().to_string();
        assert!(err.contains("not a directory"), "{err}");
        std::fs::create_dir(&dir).unwrap();
        let err = NeuralEmbedder::load(&dir).unwrap_err().to_string();
        assert!(
            err.contains(&dir.display().to_string()) && err.contains("config.json is missing"),
            "{err}"
        );
        std::fs::write(dir.join("config.json"), "{}").unwrap();
        let err = NeuralEmbedder::load(&dir).unwrap_err().to_string();
        assert!(err.contains("tokenizer.json is missing"), "{err}");
        std::fs::write(dir.join("tokenizer.json"), "{}").unwrap();
        let err = NeuralEmbedder::load(&dir).unwrap_err().to_string();
        assert!(err.contains("model.safetensors is missing"), "{err}");
        std::fs::write(dir.join("model.safetensors"), "not weights").unwrap();
        let err = NeuralEmbedder::load(&dir).unwrap_err().to_string();
        assert!(
            err.contains("config.json") && err.contains("not a BERT configuration"),
            "{err}"
        );
    }
}
