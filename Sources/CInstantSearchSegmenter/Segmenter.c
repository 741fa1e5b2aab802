#include "InstantSearchSegmenter.h"

#include <pthread.h>
#include <stddef.h>

// ICU's C API, declared here rather than from its headers, which the toolchain does not ship: on Linux,
// Foundation's copy of ICU (lib_FoundationICU) prefixes every function with `swift_`; Apple's systems
// carry ICU as libicucore, unprefixed.
#if defined(__APPLE__)
#define IS_ICU(name) name
#else
#define IS_ICU(name) swift_##name
#endif

typedef struct UBreakIterator UBreakIterator;
typedef struct UText UText;
typedef int UErrorCode;
typedef uint16_t UChar;

enum { IS_UBRK_WORD = 1, IS_UBRK_DONE = -1 };

UBreakIterator *IS_ICU(ubrk_open)(int type, const char *locale, const UChar *text, int32_t length, UErrorCode *status);
void IS_ICU(ubrk_close)(UBreakIterator *iterator);
void IS_ICU(ubrk_setUText)(UBreakIterator *iterator, UText *text, UErrorCode *status);
int32_t IS_ICU(ubrk_first)(UBreakIterator *iterator);
int32_t IS_ICU(ubrk_next)(UBreakIterator *iterator);
UText *IS_ICU(utext_openUTF8)(UText *text, const char *bytes, int64_t length, UErrorCode *status);
UText *IS_ICU(utext_close)(UText *text);
typedef struct UTransliterator UTransliterator;
UTransliterator *IS_ICU(utrans_openU)(const UChar *id, int32_t idLength, int direction, const UChar *rules,
                                      int32_t rulesLength, void *parseError, UErrorCode *status);
void IS_ICU(utrans_close)(UTransliterator *transliterator);
void IS_ICU(utrans_transUChars)(const UTransliterator *transliterator, UChar *text, int32_t *textLength,
                                int32_t textCapacity, int32_t start, int32_t *limit, UErrorCode *status);

static pthread_key_t iterator_key;
static pthread_once_t iterator_once = PTHREAD_ONCE_INIT;
static pthread_key_t transliterator_key;
static pthread_once_t transliterator_once = PTHREAD_ONCE_INIT;

static void close_iterator(void *iterator) { IS_ICU(ubrk_close)((UBreakIterator *)iterator); }

static void make_key(void) { pthread_key_create(&iterator_key, close_iterator); }

static void close_transliterator(void *transliterator) { IS_ICU(utrans_close)((UTransliterator *)transliterator); }

static void make_transliterator_key(void) { pthread_key_create(&transliterator_key, close_transliterator); }

/// This thread's Traditional-to-Simplified transliterator, opened once.
static UTransliterator *thread_transliterator(void) {
  pthread_once(&transliterator_once, make_transliterator_key);
  UTransliterator *transliterator = (UTransliterator *)pthread_getspecific(transliterator_key);
  if (transliterator != NULL) return transliterator;
  static const UChar name[] = {'T', 'r', 'a', 'd', 'i', 't', 'i', 'o', 'n', 'a', 'l', '-',
                               'S', 'i', 'm', 'p', 'l', 'i', 'f', 'i', 'e', 'd'};
  UErrorCode status = 0;
  transliterator = IS_ICU(utrans_openU)(name, (int32_t)(sizeof name / sizeof name[0]), 0, NULL, 0, NULL, &status);
  if (status > 0 || transliterator == NULL) return NULL;
  if (pthread_setspecific(transliterator_key, transliterator) != 0) {
    IS_ICU(utrans_close)(transliterator);
    return NULL;
  }
  return transliterator;
}

int32_t instantsearch_simplify_han(uint16_t *text, int32_t length, int32_t capacity) {
  if (length < 0 || capacity < length) return -1;
  UTransliterator *transliterator = thread_transliterator();
  if (transliterator == NULL) return -1;
  UErrorCode status = 0;
  int32_t newLength = length;
  int32_t limit = length;
  IS_ICU(utrans_transUChars)(transliterator, text, &newLength, capacity, 0, &limit, &status);
  if (status > 0 || newLength < 0 || newLength > capacity) return -1;
  return newLength;
}

/// This thread's word break iterator (the root locale's rules use every dictionary), opened once.
static UBreakIterator *thread_iterator(void) {
  pthread_once(&iterator_once, make_key);
  UBreakIterator *iterator = (UBreakIterator *)pthread_getspecific(iterator_key);
  if (iterator != NULL) return iterator;
  UErrorCode status = 0;
  iterator = IS_ICU(ubrk_open)(IS_UBRK_WORD, "", NULL, 0, &status);
  if (status > 0 || iterator == NULL) return NULL;
  if (pthread_setspecific(iterator_key, iterator) != 0) {
    IS_ICU(ubrk_close)(iterator);
    return NULL;
  }
  return iterator;
}

int64_t instantsearch_word_ends(const uint8_t *text, int64_t length, int32_t *ends, int64_t capacity) {
  if (length <= 0 || length > INT32_MAX || capacity <= 0) return -1;
  UBreakIterator *iterator = thread_iterator();
  if (iterator == NULL) return -1;
  UErrorCode status = 0;
  UText *utext = IS_ICU(utext_openUTF8)(NULL, (const char *)text, length, &status);
  if (status > 0 || utext == NULL) return -1;
  IS_ICU(ubrk_setUText)(iterator, utext, &status);
  int64_t count = 0;
  if (status <= 0) {
    // With a UTF-8 UText, the iterator's positions are byte offsets into `text`.
    IS_ICU(ubrk_first)(iterator);
    for (int32_t end = IS_ICU(ubrk_next)(iterator); end != IS_UBRK_DONE && count < capacity;
         end = IS_ICU(ubrk_next)(iterator)) {
      ends[count++] = end;
    }
  }
  IS_ICU(utext_close)(utext);
  if (status > 0 || count == 0 || ends[count - 1] != length) return -1;
  return count;
}
