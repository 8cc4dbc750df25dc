#include "CBaselines.h"
#include <stdio.h>

int petspot_format_five_decimals(char *buffer, size_t size, double value) {
    return snprintf(buffer, size, "%.5f", value);
}
