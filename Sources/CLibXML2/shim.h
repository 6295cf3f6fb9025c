#ifndef TRACKDROP_CLIBXML2_SHIM_H
#define TRACKDROP_CLIBXML2_SHIM_H

/* Debian builds libxml2 with ICU; its headers would then pull in the system ICU headers, which clash
 * with the ICU copy inside Foundation. trackdrop never touches the encoding handler structs whose
 * layout depends on this, so the ICU part of the headers is left out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlwriter.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlIO.h>
#include <zlib.h>

/// xmlFree is a global function pointer, which Swift cannot call directly.
static inline void trackdrop_xmlFree(void *pointer) {
    if (pointer != NULL) { xmlFree(pointer); }
}

/// libxml2 reports some problems through a printf-style generic handler, which Swift cannot implement.
static inline void trackdrop_silentGenericError(void *context, const char *message, ...) {
    (void)context; (void)message;
}

/// Silences the calling thread's generic error handler (libxml2 keeps it per thread).
static inline void trackdrop_silenceGenericErrors(void) {
    xmlSetGenericErrorFunc(NULL, trackdrop_silentGenericError);
}

/// zlib's inflateInit2 is a macro.
static inline int trackdrop_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}

#endif
