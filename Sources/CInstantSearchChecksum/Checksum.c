// CRC-32C with the processor's instructions: 8 bytes a step, then the tail a byte at a time. The
// polynomial and bit order are those of the Swift table implementation (reflected 0x82F63B78), so both
// give the same checksums; the Swift side inverts before and after, as for the table version.
#include "InstantSearchChecksum.h"

#include <string.h>

#if defined(__x86_64__)
#include <nmmintrin.h>

int instantsearch_crc32c_hardware_available(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse4.2");
}

__attribute__((target("sse4.2")))
uint32_t instantsearch_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t length) {
  uint64_t value = crc;
  while (length >= 8) {
    uint64_t word;
    memcpy(&word, bytes, 8);
    value = _mm_crc32_u64(value, word);
    bytes += 8;
    length -= 8;
  }
  uint32_t small = (uint32_t)value;
  while (length > 0) {
    small = _mm_crc32_u8(small, *bytes);
    bytes += 1;
    length -= 1;
  }
  return small;
}

#elif defined(__aarch64__)
#include <arm_acle.h>
#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7)
#endif
#endif

int instantsearch_crc32c_hardware_available(void) {
#if defined(__APPLE__)
  return 1;
#elif defined(__linux__)
  return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
#else
  return 0;
#endif
}

__attribute__((target("crc")))
uint32_t instantsearch_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t length) {
  while (length >= 8) {
    uint64_t word;
    memcpy(&word, bytes, 8);
    crc = __crc32cd(crc, word);
    bytes += 8;
    length -= 8;
  }
  while (length > 0) {
    crc = __crc32cb(crc, *bytes);
    bytes += 1;
    length -= 1;
  }
  return crc;
}

#else

int instantsearch_crc32c_hardware_available(void) { return 0; }

uint32_t instantsearch_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t length) {
  (void)bytes;
  (void)length;
  return crc;
}

#endif
