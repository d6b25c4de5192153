"""Benchmarks against the reference C/C++ programs in ../shared/peers, measured in the same run."""
