/* record.c: the run-time side of define-record-type (R7RS 5.5). The front end expands
 *   (define-record-type <point> (make-point x y) point? (x point-x set-point-x!) ...)
 * into calls of the primitives here: %make-record-type builds the type descriptor (an
 * RtRecordType: name, list of field names, a unique id), %record allocates an instance with
 * typed allocation in the caller's region (header count = field count, type = descriptor),
 * %record? tests membership, and %record-ref / %record-set! check the instance's type before
 * touching field `index`, naming the accessor in the error ("point-x: expected a point, got 5").
 * record? and record-type-name are small extras for debugging and the printer.
 */
#include "rtlib.h"

static uint64_t rt_record_uid;

RtValue rt_p_make_record_type(Region *rr, const char *loc, RtValue name, RtValue fields) {
    RT_CHECK(RT_IS_SYMBOL(name) || RT_IS_STRING(name), "%make-record-type",
             "a symbol naming the record type", name);
    int64_t n = rt_list_length(fields);
    RT_CHECK(n >= 0, "%make-record-type", "a list of field names", fields);
    RtRecordType *t = alloc_obj_typed(rr, TYPE_ID_RECORD_TYPE);
    t->hdr = RT_HDR(TYPE_ID_RECORD_TYPE, n);
    t->name = name;
    t->field_names = fields;
    t->uid = __atomic_add_fetch(&rt_record_uid, 1, __ATOMIC_RELAXED);   /* threads */
    return RT_TAG_AS_OBJ(t);
}

static RtRecordType *rt_rtd_arg(const char *loc, const char *who, RtValue rtd) {
    RT_CHECK(RT_IS_TYPE(rtd, TYPE_ID_RECORD_TYPE), who, "a record type", rtd);
    return RT_AS(RtRecordType, rtd);
}

RtValue rt_p_record(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtRecordType *t = rt_rtd_arg(loc, "%record", argv[0]);
    int64_t n = (int64_t)RT_HDR_COUNT(t->hdr);
    if (RT_UNLIKELY(argc - 1 != n))
        rt_error_msg(loc, "%record", "%lld field values for a record type of %lld fields",
                     (long long)(argc - 1), (long long)n);
    RtRecord *r = alloc_obj_sized(rr, TYPE_ID_RECORD, (size_t)n * sizeof(RtValue));
    r->hdr = RT_HDR(TYPE_ID_RECORD, n);
    r->type = argv[0];
    for (int64_t i = 0; i < n; i++) r->fields[i] = argv[i + 1];
    return RT_TAG_AS_OBJ(r);
}

RtValue rt_p_record_p(Region *rr, const char *loc, RtValue x, RtValue rtd) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_RECORD) && RT_AS(RtRecord, x)->type == rtd);
}

/* "point-x: expected a point, got 5": the expected type is the record type's name without
 * its conventional angle brackets. who is the accessor's or modifier's name (a symbol). */
static RT_NORETURN RT_COLD void rt_record_type_error(const char *loc, RtValue who, RtValue rtd,
                                                     RtValue x) {
    char name[200] = "record";
    RtValue tn = RT_IS_TYPE(rtd, TYPE_ID_RECORD_TYPE) ? RT_AS(RtRecordType, rtd)->name : RT_FALSE;
    if (RT_IS_SYMBOL(tn)) {
        const char *s = rt_symbol_utf8(tn);
        size_t len = strlen(s);
        if (len > 2 && s[0] == '<' && s[len - 1] == '>') { s++; len -= 2; }
        if (len > sizeof name - 1) len = sizeof name - 1;
        memcpy(name, s, len);
        name[len] = 0;
    }
    char expected[220];
    const char *article = strchr("aeiouAEIOU", name[0]) != NULL && name[0] ? "an" : "a";
    snprintf(expected, sizeof expected, "%s %s", article, name);
    rt_type_error(loc, RT_IS_SYMBOL(who) ? rt_symbol_utf8(who) : "record accessor", expected, x);
}

static RtRecord *rt_record_arg(const char *loc, RtValue x, RtValue rtd, RtValue idx,
                               RtValue who) {
    if (RT_UNLIKELY(!RT_IS_TYPE(x, TYPE_ID_RECORD) || RT_AS(RtRecord, x)->type != rtd))
        rt_record_type_error(loc, who, rtd, x);
    RtRecord *r = RT_AS(RtRecord, x);
    if (RT_UNLIKELY(!RT_IS_FIXNUM(idx) || (uint64_t)RT_FIXVAL(idx) >= RT_HDR_COUNT(r->hdr)))
        rt_error_msg(loc, RT_IS_SYMBOL(who) ? rt_symbol_utf8(who) : "%record-ref",
                     "bad field index");
    return r;
}

RtValue rt_p_record_ref(Region *rr, const char *loc, RtValue x, RtValue rtd, RtValue idx,
                        RtValue who) {
    return rt_record_arg(loc, x, rtd, idx, who)->fields[RT_FIXVAL(idx)];
}

RtValue rt_p_record_set_x(Region *rr, const char *loc, intptr_t argc, const RtValue *argv) {
    RtRecord *r = rt_record_arg(loc, argv[0], argv[1], argv[2], argv[4]);
    r->fields[RT_FIXVAL(argv[2])] = argv[3];
    rt_nursery_wb(&r->fields[RT_FIXVAL(argv[2])], argv[3]);
    return RT_UNSPEC;
}

RtValue rt_p_record_any_p(Region *rr, const char *loc, RtValue x) {
    return RT_BOOL(RT_IS_TYPE(x, TYPE_ID_RECORD));
}

RtValue rt_p_record_type_name(Region *rr, const char *loc, RtValue rtd) {
    return rt_rtd_arg(loc, "record-type-name", rtd)->name;
}
