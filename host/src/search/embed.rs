//! The embedded default embedder: distributional word vectors trained on the wiki's own text by
//! random indexing (every term gets a fixed sparse random "index vector"; a term's context vector
//! is the idf-weighted sum of the index vectors of its neighbours), centred and normalised. A
//! text's vector is the idf-weighted mean of its terms' context vectors, so two texts that use
//! different words in the same contexts land close together. Works offline, in any language the
//! tokenizer segments, with no model download; training a book takes well under a second.
//!
//! Not for: tokenization (see `tokenizer.rs`) or ranking fusion (see `mod.rs`).

use std::collections::HashMap;

/// Dimensions of the vectors.
pub const DIM: usize = 256;
/// Non-zero entries of an index vector.
const NONZERO: usize = 8;
/// Neighbours on each side that count as context.
const WINDOW: usize = 3;

/// Trained vectors of one wiki.
pub struct Embedder {
    vocab: HashMap<String, usize>,
    /// `vocab.len() * DIM` context vectors, centred and unit length.
    vectors: Vec<f32>,
    idf: Vec<f32>,
}

fn fnv(s: &str, seed: u64) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64 ^ seed;
    for b in s.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    // finalizer (splitmix64) so that nearby seeds give unrelated positions
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// The sparse random index vector of a term: positions and signs.
fn index_vector(term: &str) -> [(usize, f32); NONZERO] {
    let mut out = [(0usize, 0f32); NONZERO];
    for (i, slot) in out.iter_mut().enumerate() {
        let h = fnv(term, i as u64 + 1);
        *slot = (
            (h % DIM as u64) as usize,
            if (h >> 32) & 1 == 0 { 1.0 } else { -1.0 },
        );
    }
    out
}

fn normalize(v: &mut [f32]) {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if n > 0.0 {
        v.iter_mut().for_each(|x| *x /= n);
    }
}

impl Embedder {
    /// Trains on `units` (paragraphs or sentences, each already analysed into terms).
    pub fn train(units: &[Vec<String>]) -> Embedder {
        let mut vocab: HashMap<String, usize> = HashMap::new();
        let mut df: Vec<u32> = Vec::new();
        let mut seen: std::collections::HashSet<usize> = Default::default();
        for unit in units {
            seen.clear();
            for t in unit {
                let next = vocab.len();
                let i = *vocab.entry(t.clone()).or_insert(next);
                if i == df.len() {
                    df.push(0);
                }
                if seen.insert(i) {
                    df[i] += 1;
                }
            }
        }
        let n = units.len().max(1) as f32;
        let idf: Vec<f32> = df
            .iter()
            .map(|&d| (1.0 + n / d.max(1) as f32).ln())
            .collect();
        let mut index_vectors: Vec<[(usize, f32); NONZERO]> =
            vec![[(0, 0.0); NONZERO]; vocab.len()];
        for (t, &i) in &vocab {
            index_vectors[i] = index_vector(t);
        }
        let mut vectors = vec![0f32; vocab.len() * DIM];
        for unit in units {
            let ids: Vec<usize> = unit.iter().map(|t| vocab[t]).collect();
            for (pos, &w) in ids.iter().enumerate() {
                let lo = pos.saturating_sub(WINDOW);
                let hi = (pos + WINDOW + 1).min(ids.len());
                let row = &mut vectors[w * DIM..(w + 1) * DIM];
                for (npos, &c) in ids.iter().enumerate().take(hi).skip(lo) {
                    if npos == pos || c == w {
                        continue;
                    }
                    let dist = pos.abs_diff(npos) as f32;
                    let weight = idf[c] / dist;
                    for &(d, sign) in &index_vectors[c] {
                        row[d] += sign * weight;
                    }
                }
                // a little of the term itself, so rare terms are not all alike
                for &(d, sign) in &index_vectors[w] {
                    row[d] += sign * 0.5 * idf[w];
                }
            }
        }
        for row in vectors.chunks_mut(DIM) {
            normalize(row);
        }
        // Centre: remove the direction every context vector shares (frequent-word noise).
        if !vocab.is_empty() {
            let mut mean = [0f32; DIM];
            for row in vectors.chunks(DIM) {
                for (m, x) in mean.iter_mut().zip(row) {
                    *m += x;
                }
            }
            let k = vocab.len() as f32;
            mean.iter_mut().for_each(|m| *m /= k);
            for row in vectors.chunks_mut(DIM) {
                for (x, m) in row.iter_mut().zip(&mean) {
                    *x -= m;
                }
                normalize(row);
            }
        }
        Embedder {
            vocab,
            vectors,
            idf,
        }
    }

    pub fn vocabulary(&self) -> usize {
        self.vocab.len()
    }

    /// The unit vector of a text given as terms (zero when no term is known). Unknown CJK terms
    /// back off to their characters.
    pub fn embed(&self, terms: &[String]) -> Vec<f32> {
        let mut v = vec![0f32; DIM];
        let mut add = |t: &str| -> bool {
            match self.vocab.get(t) {
                Some(&i) => {
                    let w = self.idf[i];
                    for (x, y) in v.iter_mut().zip(&self.vectors[i * DIM..(i + 1) * DIM]) {
                        *x += w * y;
                    }
                    true
                }
                None => false,
            }
        };
        for t in terms {
            if !add(t) && t.chars().count() > 1 {
                let mut buf = [0u8; 4];
                for c in t.chars().filter(|&c| super::tokenizer::is_cjk(c)) {
                    add(c.encode_utf8(&mut buf));
                }
            }
        }
        normalize(&mut v);
        v
    }
}

/// Cosine of two unit vectors.
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    a.iter().zip(b).map(|(x, y)| x * y).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(text: &str) -> Vec<Vec<String>> {
        text.split('.')
            .map(|s| s.split_whitespace().map(str::to_string).collect())
            .collect()
    }

    #[test]
    fn words_in_the_same_contexts_are_close() {
        let mut corpus = String::new();
        for _ in 0..20 {
            corpus.push_str(
                "the farmer sowed wheat in the field. the farmer planted wheat in the field. ",
            );
            corpus.push_str("the sailor steered the ship across the sea. the sailor navigated the ship across the sea. ");
        }
        let e = Embedder::train(&units(&corpus));
        let sowed = e.embed(&["sowed".to_string()]);
        let planted = e.embed(&["planted".to_string()]);
        let steered = e.embed(&["steered".to_string()]);
        assert!(cosine(&sowed, &planted) > cosine(&sowed, &steered) + 0.2);
        assert!(e.embed(&["unknown".to_string()]).iter().all(|&x| x == 0.0));
    }
}
