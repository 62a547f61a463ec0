//! A server killed in the middle of a job resumes it after a restart, from the last completed
//! stage, and finishes it.

use std::time::{Duration, Instant};

use grove_tests::*;

/// A long English text: the sample with numbered variations, about `chapters` chapters.
fn long_text(chapters: usize) -> String {
    let mut s = String::new();
    for i in 0..chapters {
        s.push_str(&format!("Chapter {}. Garden {i}\n\n", i + 1));
        s.push_str(
            &english_sample()
                .replace("Hollowmere", &format!("Hollowmere {i}"))
                .replace("Chapter", "Part"),
        );
        s.push('\n');
    }
    s
}

#[test]
fn a_job_interrupted_by_a_crash_resumes_after_restart() {
    let mut server = Server::start_with(Options {
        args: vec!["--max-jobs".into(), "1".into()],
        ..Options::default()
    });
    let admin = server.admin.clone();
    let (s, body) = server.upload(
        &admin,
        "long.txt",
        long_text(1500).into_bytes(),
        &[("lang", "en")],
    );
    assert_eq!(s, 200, "{body}");
    let job_id = body["job_id"].as_u64().unwrap();
    // Kill the server as soon as the job is past egg.
    let deadline = Instant::now() + Duration::from_secs(60);
    let state = loop {
        let (_, b) = json_of(server.get(&format!("/api/v1/jobs/{job_id}"), Some(&admin)));
        let state = b["job"]["state"].as_str().unwrap_or_default().to_string();
        if matches!(state.as_str(), "boot" | "grow" | "ready") {
            break state;
        }
        assert!(Instant::now() < deadline, "job never started: {b}");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_ne!(
        state, "ready",
        "the job finished before it could be interrupted; make the text longer"
    );
    server.kill();
    let data_dir = server.data_dir.clone();
    let keep = server;

    let server = Server::start_with(Options {
        data_dir: Some(data_dir),
        bootstrap_token: Some(admin.clone()),
        ..Options::default()
    });
    let job = server.wait_job(&admin, job_id);
    assert_eq!(job["state"], "ready", "{job}\n{}", server.log());
    let stages: Vec<&str> = job["stages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(stages, ["egg", "boot", "grow"], "each stage recorded once");
    assert!(
        server.log().contains("re-queued"),
        "the restart says it resumed the job"
    );
    drop(keep);
}
