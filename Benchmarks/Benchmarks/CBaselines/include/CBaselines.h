// Plain C baselines for the benchmarks: what a C program would call, without Swift's
// variadic-argument bridging (withVaList allocates) in the way.
#ifndef PETSPOT_C_BASELINES_H
#define PETSPOT_C_BASELINES_H
#include <stddef.h>

/// snprintf(buffer, size, "%.5f", value): the C way to print five decimals.
int petspot_format_five_decimals(char *buffer, size_t size, double value);

#endif
