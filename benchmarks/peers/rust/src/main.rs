// toon-peer-rust: times toon-format (encode of a parsed JSON value, decode of TOON text) on
// the datasets in DATADIR, like benchmarks/peers/reference.mjs; prints one JSON object.
//
//   toon-peer-rust DATADIR [MIN_MS]
use std::fs;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

/// Runs `f` for at least `min` after a warm-up of a quarter of that; seconds per call.
fn time<F: FnMut()>(min: Duration, mut f: F) -> f64 {
    let warm = Instant::now();
    while warm.elapsed() < min / 4 {
        f();
    }
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < min || n < 3 {
        f();
        n += 1;
    }
    start.elapsed().as_secs_f64() / n as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 2 {
        eprintln!("usage: toon-peer-rust DATADIR [MIN_MS]");
        std::process::exit(2);
    }
    let dir = &args[1];
    let min = Duration::from_millis(args.get(2).map_or(1000, |s| s.parse().expect("MIN_MS")));
    let manifest: Value = serde_json::from_str(&fs::read_to_string(format!("{dir}/manifest.json")).unwrap()).unwrap();
    let mut results = Vec::new();
    let mut notes = Vec::new();
    for entry in manifest.as_array().unwrap() {
        let name = entry["name"].as_str().unwrap();
        let records = entry["records"].as_u64().unwrap() as f64;
        let data: Value = serde_json::from_str(&fs::read_to_string(format!("{dir}/{name}.json")).unwrap()).unwrap();
        let text = fs::read_to_string(format!("{dir}/{name}.toon")).unwrap();
        let opts = toon_format::EncodeOptions::default();
        let dopts = toon_format::DecodeOptions::default();
        match toon_format::encode(&data, &opts) {
            Ok(out) if out == text => {}
            Ok(_) => notes.push(format!("{name}: encode output differs from toon-cpp's")),
            Err(e) => notes.push(format!("{name}: encode failed: {e}")),
        }
        match toon_format::decode::<Value>(&text, &dopts) {
            Ok(v) if v == data => {}
            Ok(_) => notes.push(format!("{name}: decode result differs from the JSON")),
            Err(e) => {
                notes.push(format!("{name}: decode failed: {e}"));
                continue;
            }
        }
        let mut sink = 0usize;
        let enc = time(min, || sink += toon_format::encode(&data, &opts).map_or(0, |s| s.len()));
        let dec = time(min, || sink += toon_format::decode::<Value>(&text, &dopts).map_or(0, |_| 1));
        let bytes = text.len() as f64;
        for (op, s) in [("value_encode", enc), ("value_decode", dec)] {
            results.push(json!({"dataset": name, "op": op, "seconds": s, "bytes": bytes, "records": records,
                                "bytes_per_second": bytes / s, "records_per_second": records / s}));
        }
        if sink == usize::MAX {
            eprintln!("{sink}");
        }
    }
    let out = json!({"implementation": "toon-format 0.7.0 (Rust crate)", "runtime": "rustc release, lto",
                     "notes": notes, "results": results});
    println!("{}", serde_json::to_string_pretty(&out).unwrap());
}
