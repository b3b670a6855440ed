#include <poppler.h>
#include <glib-object.h>
