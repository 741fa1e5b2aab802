// Population counts over bitsets of records (a million records: 15,625 words). Swift compiles
// `nonzeroBitCount` for the baseline x86-64 processor, which has no population count instruction: each
// word is counted by shifts, masks and a multiplication, about six times the work of the instruction.
// These loops use the instruction when the processor has it (chosen once, at the first call), and
// AVX-512's eight-word count where it is available; on arm64 the portable loop already compiles to the
// processor's byte count.
#include "InstantSearchBits.h"

#if defined(__x86_64__)
#include <immintrin.h>

static int detectedLevel = -1;

int instantsearch_popcount_level(void) {
  int level = __atomic_load_n(&detectedLevel, __ATOMIC_RELAXED);
  if (level >= 0) return level;
  __builtin_cpu_init();
  level = 0;
  if (__builtin_cpu_supports("popcnt")) level = 1;
  if (level == 1 && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512vpopcntdq")) level = 2;
  __atomic_store_n(&detectedLevel, level, __ATOMIC_RELAXED);
  return level;
}

__attribute__((target("popcnt")))
static size_t countOneWord(const uint64_t *a, const uint64_t *b, size_t count) {
  // Four running sums, so that the additions do not wait on each other.
  uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
  size_t i = 0;
  if (b) {
    for (; i + 4 <= count; i += 4) {
      s0 += (uint64_t)_mm_popcnt_u64(a[i] & b[i]);
      s1 += (uint64_t)_mm_popcnt_u64(a[i + 1] & b[i + 1]);
      s2 += (uint64_t)_mm_popcnt_u64(a[i + 2] & b[i + 2]);
      s3 += (uint64_t)_mm_popcnt_u64(a[i + 3] & b[i + 3]);
    }
    for (; i < count; i++) s0 += (uint64_t)_mm_popcnt_u64(a[i] & b[i]);
  } else {
    for (; i + 4 <= count; i += 4) {
      s0 += (uint64_t)_mm_popcnt_u64(a[i]);
      s1 += (uint64_t)_mm_popcnt_u64(a[i + 1]);
      s2 += (uint64_t)_mm_popcnt_u64(a[i + 2]);
      s3 += (uint64_t)_mm_popcnt_u64(a[i + 3]);
    }
    for (; i < count; i++) s0 += (uint64_t)_mm_popcnt_u64(a[i]);
  }
  return (size_t)(s0 + s1 + s2 + s3);
}

__attribute__((target("avx512f,avx512vpopcntdq")))
static size_t countEightWords(const uint64_t *a, const uint64_t *b, size_t count) {
  __m512i sum = _mm512_setzero_si512();
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m512i words = _mm512_loadu_si512((const void *)(a + i));
    if (b) words = _mm512_and_si512(words, _mm512_loadu_si512((const void *)(b + i)));
    sum = _mm512_add_epi64(sum, _mm512_popcnt_epi64(words));
  }
  if (i < count) {
    // The last words, loaded under a mask (the lanes past the end read nothing).
    __mmask8 tail = (__mmask8)((1u << (count - i)) - 1);
    __m512i words = _mm512_maskz_loadu_epi64(tail, (const void *)(a + i));
    if (b) words = _mm512_and_si512(words, _mm512_maskz_loadu_epi64(tail, (const void *)(b + i)));
    sum = _mm512_add_epi64(sum, _mm512_popcnt_epi64(words));
  }
  return (size_t)_mm512_reduce_add_epi64(sum);
}
#else
int instantsearch_popcount_level(void) { return 0; }
#endif

static size_t countPortable(const uint64_t *a, const uint64_t *b, size_t count) {
  size_t sum = 0;
  if (b) {
    for (size_t i = 0; i < count; i++) sum += (size_t)__builtin_popcountll(a[i] & b[i]);
  } else {
    for (size_t i = 0; i < count; i++) sum += (size_t)__builtin_popcountll(a[i]);
  }
  return sum;
}

static size_t countAtLevel(int level, const uint64_t *a, const uint64_t *b, size_t count) {
#if defined(__x86_64__)
  int best = instantsearch_popcount_level();
  switch (level < best ? level : best) {
  case 2: return countEightWords(a, b, count);
  case 1: return countOneWord(a, b, count);
  default: break;
  }
#else
  (void)level;
#endif
  return countPortable(a, b, count);
}

size_t instantsearch_popcount(const uint64_t *words, size_t count) {
  return count == 0 ? 0 : countAtLevel(2, words, NULL, count);
}

size_t instantsearch_and_popcount(const uint64_t *a, const uint64_t *b, size_t count) {
  return count == 0 ? 0 : countAtLevel(2, a, b, count);
}

size_t instantsearch_popcount_at_level(int level, const uint64_t *a, const uint64_t *b, size_t count) {
  return count == 0 ? 0 : countAtLevel(level, a, b, count);
}
