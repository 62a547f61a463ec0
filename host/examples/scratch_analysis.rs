use std::time::Instant;
fn main() {
    let dir = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).map(|s| s.parse().unwrap()).unwrap_or(10);
    for _ in 0..n {
        let t = Instant::now();
        let a = grove::pipeline::load_analysis(std::path::Path::new(&dir), "x", "en").unwrap();
        let t1 = t.elapsed();
        let s = grove::genes::DocSummary::from_analysis(&a);
        println!("{:?} {:?} {}", t1, t.elapsed(), s.title);
    }
}
