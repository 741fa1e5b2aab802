#ifndef INSTANTSEARCH_BITS_H
#define INSTANTSEARCH_BITS_H

#include <stddef.h>
#include <stdint.h>

/// How many bits are set in the `count` words at `words`.
size_t instantsearch_popcount(const uint64_t *words, size_t count);

/// How many bits are set in both `a[i]` and `b[i]`, over the `count` words of each.
size_t instantsearch_and_popcount(const uint64_t *a, const uint64_t *b, size_t count);

/// Which instructions the two counts use on this processor: 2 for AVX-512's population count of eight
/// words at once, 1 for the one-word population count instruction, 0 for the portable code (which on
/// arm64 is the processor's own byte count).
int instantsearch_popcount_level(void);

/// ``instantsearch_and_popcount`` (or, with `b` NULL, ``instantsearch_popcount``) with the instructions
/// of `level` rather than the best this processor has (a level above it counts as the best): for tests,
/// which compare every level with the portable count.
size_t instantsearch_popcount_at_level(int level, const uint64_t *a, const uint64_t *b, size_t count);

#endif
