#ifndef ZOETROPE_CJPEG_SHIM_H
#define ZOETROPE_CJPEG_SHIM_H
#include <stdio.h>
#include <string.h>
#include <setjmp.h>
#include <jpeglib.h>

// libjpeg reports a fatal error by calling error_exit, which by default ends the process; Swift
// cannot catch a longjmp, so decoding happens here, in C, returning the message instead.
struct zoetrope_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *message;
};

static void zoetrope_jpeg_error_exit(j_common_ptr info) {
    struct zoetrope_jpeg_error *error = (struct zoetrope_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

static void zoetrope_jpeg_no_output(j_common_ptr info) { (void)info; }

// A progress monitor that stops a JPEG of more than `largestScanCount` scans, as libjpeg-turbo
// advises (its TJPARAM_SCANLIMIT and djpeg's -maxscans do the same): each scan of a progressive
// JPEG is a pass over every coefficient of the image, so a small file of thousands of nearly
// empty scans costs a second per hundred at 4096 × 4096. libjpeg calls it as it reads each row
// of blocks, so the count is checked before a scan past the limit is read.
struct zoetrope_jpeg_progress {
    struct jpeg_progress_mgr manager;
    int largestScanCount;
};

static void zoetrope_jpeg_count_scans(j_common_ptr info) {
    struct zoetrope_jpeg_progress *progress = (struct zoetrope_jpeg_progress *)info->progress;
    if (!info->is_decompressor) return;
    int scan = ((j_decompress_ptr)info)->input_scan_number;
    if (scan > progress->largestScanCount) {
        struct zoetrope_jpeg_error *error = (struct zoetrope_jpeg_error *)info->err;
        snprintf(error->message, JMSG_LENGTH_MAX, "the JPEG has more than %d scans; a JPEG may have at most %d",
                 progress->largestScanCount, progress->largestScanCount);
        longjmp(error->jump, 1);
    }
}

// Reads the JPEG in `data`: its size into `width` and `height` and, when `pixels` is not NULL,
// its pixels into `pixels` (rows `stride` bytes apart) as Cairo's ARGB32 (opaque, in memory
// B, G, R, A). Returns 0, or 1 with a message in `message` (JMSG_LENGTH_MAX bytes): for an
// image of more than `largestPixelCount` pixels (checked from its header, before any pixel is
// decoded) or of more than `largestScanCount` scans.
static inline int zoetrope_jpeg_read(const unsigned char *data, unsigned long length, int *width, int *height,
                                     unsigned char *pixels, int stride, long long largestPixelCount, int largestScanCount,
                                     char *message) {
    struct jpeg_decompress_struct info;
    struct zoetrope_jpeg_error error;
    struct zoetrope_jpeg_progress progress;
    memset(&info, 0, sizeof info);
    memset(&progress, 0, sizeof progress);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = zoetrope_jpeg_error_exit;
    error.manager.output_message = zoetrope_jpeg_no_output;
    error.message = message;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        return 1;
    }
    jpeg_create_decompress(&info);
    progress.manager.progress_monitor = zoetrope_jpeg_count_scans;
    progress.largestScanCount = largestScanCount;
    info.progress = &progress.manager;
    jpeg_mem_src(&info, data, length);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    if ((long long)info.image_width * (long long)info.image_height > largestPixelCount) {
        snprintf(message, JMSG_LENGTH_MAX, "the image is %u × %u pixels, more than %lld", info.image_width, info.image_height,
                 largestPixelCount);
        jpeg_destroy_decompress(&info);
        return 1;
    }
    if (pixels == NULL) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    info.out_color_space = JCS_EXT_BGRA;
    jpeg_start_decompress(&info);
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)stride;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 0;
}
#endif
