#ifndef INSTANTSEARCH_CHECKSUM_H
#define INSTANTSEARCH_CHECKSUM_H

#include <stddef.h>
#include <stdint.h>

/// Whether this processor computes CRC-32C in hardware (SSE 4.2 on x86-64, the CRC extension on arm64).
int instantsearch_crc32c_hardware_available(void);

/// Continues the CRC-32C `crc` (the inverted running value, as the algorithm keeps it) over `length`
/// bytes at `bytes` with the processor's CRC instructions. Call only when the hardware is available.
uint32_t instantsearch_crc32c_hardware(uint32_t crc, const uint8_t *bytes, size_t length);

#endif
