#ifndef INSTANTSEARCH_SEGMENTER_H
#define INSTANTSEARCH_SEGMENTER_H

#include <stdint.h>

/// Cuts `length` bytes of UTF-8 at `text` into words with ICU's dictionary-based word breaking (the
/// dictionaries of Chinese, Japanese, Thai, Lao, Khmer and Burmese), writing the byte offset where each
/// piece ends to `ends`, in order, the last one being `length`.
///
/// Returns the number of offsets written (at most `capacity`, which `length` always suffices for), or -1
/// when ICU could not be opened or failed on the text: the caller then keeps the text whole. Each thread
/// keeps its own break iterator, closed when the thread ends.
int64_t instantsearch_word_ends(const uint8_t *text, int64_t length, int32_t *ends, int64_t capacity);

/// Rewrites the Traditional Chinese characters of the `length` UTF-16 units at `text` as their Simplified
/// forms, with ICU's `Traditional-Simplified` transliterator, in place; the text may grow up to `capacity`.
///
/// Returns the new length, or -1 when ICU could not be opened or failed (the text is then unchanged).
int32_t instantsearch_simplify_han(uint16_t *text, int32_t length, int32_t capacity);

#endif
