#include <espeak-ng/espeak_ng.h>
