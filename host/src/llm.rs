//! The optional model provider: an OpenAI-compatible chat-completions API configured with
//! `GROVE_LLM_URL`, `GROVE_LLM_API_KEY` and `GROVE_LLM_MODELS`. It backs the genes' `complete`
//! import during butler rounds (grow stays extractive: seconds, not hours).
//!
//! Genes run on blocking threads, so a completion is a blocking call: the request runs on the
//! server's tokio runtime (`Handle::block_on` from the gene's blocking thread) with the
//! configured time limit. A timeout, a transport error, a non-2xx answer or an unreadable body
//! is logged and answers `None`, which is what `complete` returns without a provider, so the
//! gene falls back to its extractive text. Time spent waiting here does not count against the
//! gene call's own deadline (see `genes::runtime`). The API key is sent as a bearer token and
//! never logged. This module knows nothing of genes' pages or grounding: the butler grounds
//! whatever a gene makes of the answer.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{Value, json};

use crate::config::LlmConfig;
use crate::genes::runtime::Completer;

/// Why a completion failed (logged; the caller only sees `None`).
#[derive(Debug, thiserror::Error)]
pub enum LlmError {
    #[error("the model did not answer within {0:?}")]
    Timeout(Duration),
    #[error("request failed: {0}")]
    Transport(String),
    #[error("the provider answered HTTP {status}: {body}")]
    Status { status: u16, body: String },
    #[error("the provider's answer has no choices[0].message.content")]
    NoContent,
}

/// Counters shown in logs and tests' expectations.
#[derive(Debug, Default)]
pub struct LlmStats {
    pub requests: AtomicU64,
    pub failures: AtomicU64,
}

/// The configured provider.
pub struct LlmProvider {
    config: LlmConfig,
    endpoint: String,
    client: reqwest::Client,
    runtime: tokio::runtime::Handle,
    pub stats: LlmStats,
}

impl std::fmt::Debug for LlmProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LlmProvider")
            .field("config", &self.config)
            .finish()
    }
}

impl LlmProvider {
    /// A provider for `config`, issuing requests on `runtime`.
    pub fn new(
        config: LlmConfig,
        runtime: tokio::runtime::Handle,
    ) -> Result<LlmProvider, LlmError> {
        // reqwest is built without a default TLS provider in this workspace.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = reqwest::Client::builder()
            .connect_timeout(config.timeout.min(Duration::from_secs(10)))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| LlmError::Transport(e.to_string()))?;
        let endpoint = if config.url.ends_with("/chat/completions") {
            config.url.clone()
        } else {
            format!("{}/chat/completions", config.url)
        };
        Ok(LlmProvider {
            config,
            endpoint,
            client,
            runtime,
            stats: LlmStats::default(),
        })
    }

    /// The configured models; the first is the default.
    pub fn models(&self) -> &[String] {
        &self.config.models
    }

    /// The model named `name`, or the default for `None`. `None` when the name is unknown.
    pub fn pick(&self, name: Option<&str>) -> Option<String> {
        match name {
            None => self.config.models.first().cloned(),
            Some(n) => self.config.models.iter().find(|m| *m == n).cloned(),
        }
    }

    /// One chat completion (blocking; call it from a blocking thread, never from async code).
    pub fn complete(&self, model: &str, prompt: &str, max_tokens: u32) -> Result<String, LlmError> {
        self.stats.requests.fetch_add(1, Ordering::Relaxed);
        let body = json!({
            "model": model,
            "messages": [
                {"role": "system", "content": "You help write an encyclopedic wiki about one book. Use only the passages you are given, and cite them exactly as asked."},
                {"role": "user", "content": prompt},
            ],
            "max_tokens": max_tokens.clamp(1, 4096),
            "temperature": 0.2,
        });
        let mut req = self.client.post(&self.endpoint).json(&body);
        if let Some(key) = &self.config.api_key {
            req = req.bearer_auth(key);
        }
        let timeout = self.config.timeout;
        let result = self.runtime.block_on(async move {
            let fut = async {
                let resp = req
                    .send()
                    .await
                    .map_err(|e| LlmError::Transport(e.without_url().to_string()))?;
                let status = resp.status();
                if !status.is_success() {
                    let text = resp.text().await.unwrap_or_default();
                    return Err(LlmError::Status {
                        status: status.as_u16(),
                        body: text.chars().take(200).collect(),
                    });
                }
                let v: Value = resp
                    .json()
                    .await
                    .map_err(|e| LlmError::Transport(e.without_url().to_string()))?;
                v.pointer("/choices/0/message/content")
                    .and_then(Value::as_str)
                    .map(str::to_string)
                    .filter(|s| !s.trim().is_empty())
                    .ok_or(LlmError::NoContent)
            };
            tokio::time::timeout(timeout, fut)
                .await
                .unwrap_or(Err(LlmError::Timeout(timeout)))
        });
        if result.is_err() {
            self.stats.failures.fetch_add(1, Ordering::Relaxed);
        }
        result
    }

    /// The `complete` import for gene calls with `model`: failures are logged and answer
    /// `None` (the extractive fallback).
    pub fn completer(self: &Arc<Self>, model: String, wiki_slug: String) -> Completer {
        let me = self.clone();
        Arc::new(move |prompt: &str, max_tokens: u32| {
            match me.complete(&model, prompt, max_tokens) {
                Ok(text) => Some(text),
                Err(e) => {
                    tracing::warn!(wiki.slug = %wiki_slug, model = %model, error = %e, "model completion failed; the gene falls back to extractive text");
                    None
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader, Read, Write};

    /// A one-shot OpenAI-compatible server answering `status` and `body` (after `delay`).
    fn fake(
        status: &str,
        body: &str,
        delay: Duration,
    ) -> (String, std::thread::JoinHandle<String>) {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/v1", listener.local_addr().unwrap());
        let (status, body) = (status.to_string(), body.to_string());
        let h = std::thread::spawn(move || {
            let (conn, _) = listener.accept().unwrap();
            let mut r = BufReader::new(conn.try_clone().unwrap());
            let mut head = String::new();
            let mut len = 0;
            loop {
                let mut line = String::new();
                r.read_line(&mut line).unwrap();
                if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                    len = v.trim().parse().unwrap();
                }
                head.push_str(&line);
                if line.trim().is_empty() {
                    break;
                }
            }
            let mut buf = vec![0; len];
            r.read_exact(&mut buf).unwrap();
            std::thread::sleep(delay);
            let mut conn = conn;
            let _ = write!(
                conn,
                "HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            head + &String::from_utf8_lossy(&buf)
        });
        (url, h)
    }

    fn provider(url: String, timeout: Duration, rt: &tokio::runtime::Runtime) -> LlmProvider {
        LlmProvider::new(
            LlmConfig {
                url,
                api_key: Some("sk-test".into()),
                models: vec!["small".into(), "big".into()],
                timeout,
            },
            rt.handle().clone(),
        )
        .unwrap()
    }

    /// The example glossary gene's `improve` asks the model. A model slower than the gene's
    /// whole deadline (1 s here) does not make the call time out: only the gene's own work
    /// counts against it. Its cited answer comes back as the page's summary.
    #[test]
    fn model_wait_does_not_count_against_the_gene_deadline() {
        use crate::analysis::{Analysis, Document, Lang};
        use crate::genes::model::Citation;
        use crate::genes::{CallContext, GeneSource, Page, Review};
        let wasm = crate::genes::testutil::repo_root()
            .join("examples/glossary-gene/target/wasm32-wasip2/release/glossary_gene.wasm");
        let Ok(bytes) = std::fs::read(&wasm) else {
            panic!("{} is missing: run `just genes`", wasm.display());
        };
        let rt = crate::genes::testutil::tight_runtime();
        let gene = rt.load(&bytes, GeneSource::File).unwrap();
        let analysis = Arc::new(Analysis::new(&Document::from_markdown(
            "Garden",
            Lang::En,
            "# One\n\nCompost is decayed organic matter used to improve soil. Compost feeds the garden.\n",
        )));
        let passage = analysis.mentions("compost", 1).pop().unwrap();
        let page = Page {
            title: "Compost".into(),
            entry_type: "glossary".into(),
            aliases: vec![],
            summary: String::new(),
            sections: vec![],
            citations: vec![Citation {
                passage_id: passage.id.clone(),
                quote: passage.text.clone(),
            }],
            links: vec![],
        };
        let review = Review {
            score: 0.5,
            findings: vec![],
        };
        let id = passage.id.clone();
        let slow: Completer = Arc::new(move |_prompt: &str, _max: u32| {
            std::thread::sleep(Duration::from_millis(1600));
            Some(format!("Decayed organic matter that improves soil [{id}]."))
        });
        let ctx = CallContext::new(analysis.clone()).with_complete(Some(slow));
        let (better, stats) = gene.improve(&ctx, &page, &review).unwrap();
        assert!(stats.elapsed > Duration::from_millis(1500), "{stats:?}");
        let better = better.expect("the gene used the answer");
        assert_eq!(better.summary, "Decayed organic matter that improves soil.");
        assert_eq!(better.citations[0].passage_id, passage.id);
        // Without a model the page is kept.
        let ctx = CallContext::new(analysis).with_complete(None);
        assert_eq!(gene.improve(&ctx, &page, &review).unwrap().0, None);
    }

    #[test]
    fn completes_and_falls_back() {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let ok =
            r#"{"choices":[{"message":{"role":"assistant","content":"A compost heap [p1]."}}]}"#;
        let (url, h) = fake("200 OK", ok, Duration::ZERO);
        let p = provider(url, Duration::from_secs(5), &rt);
        assert_eq!(p.pick(None).as_deref(), Some("small"));
        assert_eq!(p.pick(Some("big")).as_deref(), Some("big"));
        assert_eq!(p.pick(Some("huge")), None);
        assert_eq!(
            p.complete("big", "say", 50).unwrap(),
            "A compost heap [p1]."
        );
        let seen = h.join().unwrap();
        assert!(seen.starts_with("POST /v1/chat/completions"), "{seen}");
        assert!(
            seen.to_ascii_lowercase()
                .contains("authorization: bearer sk-test")
        );
        assert!(seen.contains(r#""model":"big""#), "{seen}");

        let cases = [
            ("500 Internal Server Error", "{}", Duration::ZERO),
            ("200 OK", r#"{"choices":[]}"#, Duration::ZERO),
            ("200 OK", "not json", Duration::ZERO),
            ("200 OK", ok, Duration::from_millis(1500)),
        ];
        for (status, body, delay) in cases {
            let (url, h) = fake(status, body, delay);
            let p = Arc::new(provider(url, Duration::from_millis(500), &rt));
            let complete = p.completer("small".into(), "w".into());
            assert_eq!(complete("say", 10), None, "{status} {body} {delay:?}");
            assert_eq!(p.stats.failures.load(Ordering::Relaxed), 1);
            let _ = h.join();
        }
    }
}
