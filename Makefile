# Shortcuts for the README's two commands (make is optional: the README gives plain commands).
.PHONY: lab test bench

lab:
	python3 -m venv .venv && .venv/bin/python -m pip install -q -e ".[lab]" && .venv/bin/jupyter trust notebooks/*.ipynb notebooks/*/*.ipynb && .venv/bin/jupyter lab --allow-root notebooks/index.ipynb

test:
	python3 -m venv .venv && .venv/bin/python -m pip install -q -e ".[test]" && .venv/bin/python -m pytest

bench:
	.venv/bin/python tests/benchmarks/bench_core.py
