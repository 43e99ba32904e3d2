//! `bencher-check ADAPTER FILE`: parses FILE with Bencher's adapter ADAPTER (`json`, `rust_bench`, `java_jmh`, ...)
//! exactly as `bencher run --adapter ADAPTER` does, and prints what Bencher keeps as JSON: benchmark name ->
//! measure -> {value, lower_value, upper_value}. A file the adapter refuses prints `null` and exits 1.
use bencher_adapter::{Adaptable as _, Settings};
use bencher_json::project::report::Adapter;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() != 3 {
        eprintln!("usage: bencher-check ADAPTER FILE");
        std::process::exit(2);
    }
    let adapter: Adapter = serde_json::from_value(serde_json::Value::String(args[1].clone()))
        .unwrap_or_else(|e| {
            eprintln!("bencher-check: unknown adapter {}: {e}", args[1]);
            std::process::exit(2);
        });
    let input = std::fs::read_to_string(&args[2]).unwrap_or_else(|e| {
        eprintln!("bencher-check: cannot read {}: {e}", args[2]);
        std::process::exit(2);
    });
    match adapter.convert(&input, Settings::default()) {
        Some(results) => println!("{}", serde_json::to_string(&results).expect("results serialise")),
        None => {
            println!("null");
            std::process::exit(1);
        }
    }
}
