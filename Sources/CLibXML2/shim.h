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

#endif
