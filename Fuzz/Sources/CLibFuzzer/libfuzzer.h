// libFuzzer's driver, for a program that has its own main (SwiftPM gives every executable one).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
