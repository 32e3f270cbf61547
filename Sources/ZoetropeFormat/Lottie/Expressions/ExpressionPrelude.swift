/// After Effects' expression environment as lottie-web defines it, in JavaScript: run once in
/// each heap before any expression. The host answers `__host(op, path, time)` (see
/// `ExpressionEngine`'s `host`); everything else is here.
enum ExpressionPrelude {
    static let source = #"""
var __g = this, __fr = 30, __comps = {}, __state = 1, __seedBase = 1;
function __setup(meta) {
  __fr = meta.fr > 0 ? meta.fr : 30; __comps = __deepFreeze(meta.comps);
  Object.defineProperty(__g, '__fr', { writable: false, configurable: false });
  Object.defineProperty(__g, '__comps', { writable: false, configurable: false });
}
function __deepFreeze(o) {
  if (o !== null && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (var k in o) __deepFreeze(o[k]);
  }
  return o;
}
function __isArray(v) { return Object.prototype.toString.call(v) === '[object Array]'; }
function __numeric(v) { return typeof v === 'number' || typeof v === 'boolean'; }
function __hash(text) {
  var h = 2166136261;
  for (var i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = (h * 16777619) >>> 0; }
  return h;
}
function __next() {
  __state = (__state + 0x6D2B79F5) >>> 0;
  var z = __state;
  z = Math.imul(z ^ (z >>> 15), z | 1);
  z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
  return ((z ^ (z >>> 14)) >>> 0) / 4294967296;
}
if (!Math.imul) {
  Math.imul = function (a, b) {
    var ah = (a >>> 16) & 0xffff, al = a & 0xffff, bh = (b >>> 16) & 0xffff, bl = b & 0xffff;
    return ((al * bl) + (((ah * bl + al * bh) << 16) >>> 0) | 0);
  };
}
Math.random = function () { return __next(); };
function __reseed(seed, timeless, time) {
  __state = (__seedBase ^ Math.imul(seed | 0, 0x9E3779B1) ^ (timeless ? 0 : Math.imul(Math.round(time * __fr * 16) | 0, 0x85EBCA77))) >>> 0;
  __next(); __next();
}
// Values: a number, a list of numbers, or a path ({v, i, o, c}).
function __toValue(numbers, kind) {
  if (numbers === undefined) return undefined;
  if (kind === 'p') {
    var closed = numbers[0] !== 0, count = numbers[1], v = [], i = [], o = [];
    for (var k = 0; k < count; k++) {
      v.push([numbers[2 + 2 * k], numbers[3 + 2 * k]]);
      i.push([numbers[2 + 2 * count + 2 * k], numbers[3 + 2 * count + 2 * k]]);
      o.push([numbers[2 + 4 * count + 2 * k], numbers[3 + 4 * count + 2 * k]]);
    }
    return createPath(v, i, o, closed);
  }
  return numbers.length === 1 ? numbers[0] : numbers.slice(0);
}
function __toNumbers(value, kind) {
  if (kind === 'p') {
    if (value && __isArray(value.v)) {
      var count = value.v.length, out = [value.c ? 1 : 0, count];
      var lists = [value.v, value.i || [], value.o || []];
      for (var l = 0; l < 3; l++) for (var k = 0; k < count; k++) {
        var p = lists[l][k] || [0, 0];
        out.push(+p[0], +p[1]);
      }
      return out;
    }
    throw new TypeError('the result is not a path');
  }
  if (__numeric(value)) return [+value];
  if (__isArray(value)) {
    var result = [];
    for (var j = 0; j < value.length; j++) {
      if (!__numeric(value[j])) throw new TypeError('the result is not a list of numbers');
      result.push(+value[j]);
    }
    if (result.length === 0) throw new TypeError('the result is an empty list');
    return result;
  }
  throw new TypeError('the result is not a number or a list of numbers (' + typeof value + ')');
}
function __read(path, time) { return __toValue(__host(0, path, time), 'n'); }
function __readPath(path, time) { return __toValue(__host(4, path, time), 'p'); }
function createPath(points, inTangents, outTangents, closed) {
  var p = { v: points || [], i: inTangents || [], o: outTangents || [], c: closed !== false };
  p.points = function () { return p.v; };
  p.inTangents = function () { return p.i; };
  p.outTangents = function () { return p.o; };
  p.isClosed = function () { return p.c; };
  return p;
}

// Vector maths and Bodymovin's operators.
function __zip(a, b, f) {
  var out = [], n = Math.max(a.length, b.length);
  for (var i = 0; i < n; i++) out.push(f(i < a.length ? a[i] : 0, i < b.length ? b[i] : 0));
  return out;
}
function __map(a, f) { var out = []; for (var i = 0; i < a.length; i++) out.push(f(a[i])); return out; }
function $bm_isInstanceOfArray(v) { return __isArray(v); }
function $bm_sum(a, b) {
  if (typeof a === 'string' || typeof b === 'string') return a + b;
  if (__numeric(a) && __numeric(b)) return a + b;
  if (__isArray(a) && __numeric(b)) { a = a.slice(0); a[0] += b; return a; }
  if (__numeric(a) && __isArray(b)) { b = b.slice(0); b[0] = a + b[0]; return b; }
  if (__isArray(a) && __isArray(b)) return __zip(a, b, function (x, y) { return x + y; });
  return 0;
}
function $bm_sub(a, b) {
  if (__numeric(a) && __numeric(b)) return a - b;
  if (__isArray(a) && __numeric(b)) { a = a.slice(0); a[0] -= b; return a; }
  if (__numeric(a) && __isArray(b)) { b = __map(b, function (x) { return -x; }); b[0] += a; return b; }
  if (__isArray(a) && __isArray(b)) return __zip(a, b, function (x, y) { return x - y; });
  return 0;
}
function $bm_mul(a, b) {
  if (__numeric(a) && __numeric(b)) return a * b;
  if (__isArray(a) && __numeric(b)) return __map(a, function (x) { return x * b; });
  if (__numeric(a) && __isArray(b)) return __map(b, function (x) { return a * x; });
  if (__isArray(a) && __isArray(b)) return __zip(a, b, function (x, y) { return x * y; });
  return 0;
}
function $bm_div(a, b) {
  if (__numeric(a) && __numeric(b)) return a / b;
  if (__isArray(a) && __numeric(b)) return __map(a, function (x) { return x / b; });
  if (__numeric(a) && __isArray(b)) return __map(b, function (x) { return a / x; });
  if (__isArray(a) && __isArray(b)) return __zip(a, b, function (x, y) { return x / y; });
  return 0;
}
function $bm_mod(a, b) {
  if (__isArray(a) && __numeric(b)) return __map(a, function (x) { return x % b; });
  return a % b;
}
function $bm_neg(a) { return __isArray(a) ? __map(a, function (x) { return -x; }) : -a; }
var add = $bm_sum, sub = $bm_sub, mul = $bm_mul, div = $bm_div, sum = $bm_sum, mod = $bm_mod;
function clamp(v, lo, hi) {
  if (__isArray(v)) return __map(v, function (x, i) { return clamp(x, lo, hi); });
  var low = Math.min(lo, hi), high = Math.max(lo, hi);
  return Math.min(Math.max(v, low), high);
}
function dot(a, b) { var s = 0; for (var i = 0; i < Math.min(a.length, b.length); i++) s += a[i] * b[i]; return s; }
function cross(a, b) { return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]; }
function length(a, b) {
  if (b !== undefined) a = $bm_sub(a, b);
  if (__numeric(a)) return Math.abs(a);
  var s = 0; for (var i = 0; i < a.length; i++) s += a[i] * a[i]; return Math.sqrt(s);
}
function normalize(a) { var l = length(a); return l === 0 ? a : $bm_div(a, l); }
function lookAt(from, to) {
  var d = normalize($bm_sub(to, from));
  var x = Math.atan2(d[1], Math.sqrt(d[0] * d[0] + (d[2] || 0) * (d[2] || 0))) * 180 / Math.PI;
  var y = Math.atan2(d[0], d[2] || 0) * 180 / Math.PI;
  return [-x, y, 0];
}
function degreesToRadians(d) { return d * Math.PI / 180; }
function radiansToDegrees(r) { return r * 180 / Math.PI; }
var degrees_to_radians = degreesToRadians, radians_to_degrees = radiansToDegrees;
function framesToTime(frames, fps) { return frames / (fps || __fr); }
function timeToFrames(t, fps) { return Math.round((t === undefined ? 0 : t) * (fps || __fr)); }

// linear, ease, easeIn, easeOut: (t, tMin, tMax, value1, value2) or (t, value1, value2) over 0…1.
function __bezier(x1, y1, x2, y2) {
  return function (x) {
    if (x <= 0) return 0;
    if (x >= 1) return 1;
    var lo = 0, hi = 1, u = x;
    for (var i = 0; i < 40; i++) {
      var cx = 3 * u * (1 - u) * (1 - u) * x1 + 3 * u * u * (1 - u) * x2 + u * u * u;
      if (Math.abs(cx - x) < 1e-7) break;
      if (cx < x) lo = u; else hi = u;
      u = (lo + hi) / 2;
    }
    return 3 * u * (1 - u) * (1 - u) * y1 + 3 * u * u * (1 - u) * y2 + u * u * u;
  };
}
function __interpolate(curve) {
  return function (t, tMin, tMax, value1, value2) {
    if (value1 === undefined || value2 === undefined) { value1 = tMin; value2 = tMax; tMin = 0; tMax = 1; }
    if (tMax < tMin) { var s = tMin; tMin = tMax; tMax = s; s = value1; value1 = value2; value2 = s; }
    var p = t <= tMin ? 0 : t >= tMax ? 1 : (t - tMin) / (tMax - tMin);
    p = curve(p);
    if (__isArray(value1) || __isArray(value2)) {
      var a = __isArray(value1) ? value1 : [value1], b = __isArray(value2) ? value2 : [value2];
      return __zip(a, b, function (x, y) { return x + (y - x) * p; });
    }
    return value1 + (value2 - value1) * p;
  };
}
var linear = __interpolate(function (p) { return p; });
var ease = __interpolate(__bezier(0.33, 0, 0.667, 1));
var easeIn = __interpolate(__bezier(0.33, 0, 1, 1));
var easeOut = __interpolate(__bezier(0, 0, 0.667, 1));

// random, seedRandom, gaussRandom: a generator seeded by the property and its time.
function random(a, b) {
  if (a === undefined) return __next();
  if (b === undefined) {
    if (__isArray(a)) return __map(a, function (x) { return __next() * x; });
    return __next() * a;
  }
  if (__isArray(a) || __isArray(b)) {
    var lo = __isArray(a) ? a : [a], hi = __isArray(b) ? b : [b];
    return __zip(lo, hi, function (x, y) { return x + __next() * (y - x); });
  }
  return a + __next() * (b - a);
}
function gaussRandom(a, b) {
  var u = Math.max(__next(), 1e-12), v = __next();
  var g = Math.min(Math.max(Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v) / 6 + 0.5, 0), 1);
  if (a === undefined) return g;
  if (b === undefined) return __isArray(a) ? __map(a, function (x) { return g * x; }) : g * a;
  return $bm_sum(a, $bm_mul(g, $bm_sub(b, a)));
}
// Smooth noise in −1…1: values at whole steps from a hash, eased between.
function __mix(h) {
  h = Math.imul(h ^ (h >>> 16), 0x85EBCA6B); h = Math.imul(h ^ (h >>> 13), 0xC2B2AE35);
  return (h ^ (h >>> 16)) >>> 0;
}
function __noise(seed, x) {
  var i = Math.floor(x), f = x - i, s = f * f * (3 - 2 * f);
  var a = __mix(seed ^ Math.imul(i | 0, 0x9E3779B1)) / 4294967296 * 2 - 1;
  var b = __mix(seed ^ Math.imul((i + 1) | 0, 0x9E3779B1)) / 4294967296 * 2 - 1;
  return a + (b - a) * s;
}
function noise(v) { return __noise(0x51ed, __isArray(v) ? v[0] : v); }

// The property (thisProperty): its own value at any time and its keys.
function __Property(info, time, value) { this.__info = info; this.__time = time; this.value = value; }
__Property.prototype.valueAtTime = function (t) { return __toValue(__host(1, this.__info.path, t), this.__info.kind); };
__Property.prototype.velocityAtTime = function (t) {
  var d = 0.1 / __fr, a = this.valueAtTime(t - d), b = this.valueAtTime(t + d);
  return $bm_div($bm_sub(b, a), 2 * d);
};
__Property.prototype.speedAtTime = function (t) { return length(this.velocityAtTime(t)); };
Object.defineProperty(__Property.prototype, 'velocity', { get: function () { return this.velocityAtTime(this.__time); } });
Object.defineProperty(__Property.prototype, 'speed', { get: function () { return this.speedAtTime(this.__time); } });
Object.defineProperty(__Property.prototype, 'numKeys', { get: function () { var n = __host(2, this.__info.path, 0); return n ? n[0] : 0; } });
__Property.prototype.key = function (n) {
  var k = __host(3, this.__info.path, n);
  if (k === undefined) throw new RangeError('no key ' + n);
  // A key reads as its value's components too (`key(n)[0]`), as After Effects' and
  // lottie-web's do: Ease and Wizz's presets read keys so.
  var key = { index: n, time: k[0], value: __toValue(k.slice(1), this.__info.kind) };
  if (this.__info.kind !== 'p') for (var i = 1; i < k.length; i++) key[i - 1] = k[i];
  return key;
};
__Property.prototype.nearestKey = function (t) {
  var n = this.numKeys, best = null;
  for (var i = 1; i <= n; i++) {
    var k = this.key(i);
    if (best === null || Math.abs(k.time - t) < Math.abs(best.time - t)) best = k;
  }
  if (best === null) throw new RangeError('the property has no keys');
  return best;
};
__Property.prototype.__loop = function (out, type, count, duration) {
  var n = this.numKeys, t = this.__time;
  type = type === undefined ? 'cycle' : String(type);
  if (n < 2) return this.value;
  var first = this.key(1).time, last = this.key(n).time, start, end;
  if (out) {
    if (t <= last) return this.value;
    end = last;
    start = duration > 0 ? last - duration : (count > 0 && count < n ? this.key(n - count).time : first);
  } else {
    if (t >= first) return this.value;
    start = first;
    end = duration > 0 ? first + duration : (count > 0 && count < n ? this.key(count + 1).time : last);
  }
  var span = end - start;
  if (!(span > 0)) return this.value;
  if (type === 'continue') {
    var edge = out ? end : start, step = Math.min(span, 1 / __fr) / 100;
    var near = this.valueAtTime(out ? edge - step : edge + step), at = this.valueAtTime(edge);
    return $bm_sum(at, $bm_mul($bm_sub(at, near), Math.abs(t - edge) / step));
  }
  var distance = out ? t - start : end - t, turns = Math.floor(distance / span), phase = distance - turns * span;
  if (type === 'pingpong') {
    var local = turns % 2 === 1 ? span - phase : phase;
    return this.valueAtTime(out ? start + local : end - local);
  }
  var v = this.valueAtTime(out ? start + phase : end - phase);
  if (type === 'offset') {
    var change = $bm_sub(this.valueAtTime(end), this.valueAtTime(start));
    return out ? $bm_sum(v, $bm_mul(change, turns)) : $bm_sub(v, $bm_mul(change, turns));
  }
  return v;
};
__Property.prototype.loopOut = function (type, count) { return this.__loop(true, type, count || 0, 0); };
__Property.prototype.loopIn = function (type, count) { return this.__loop(false, type, count || 0, 0); };
__Property.prototype.loopOutDuration = function (type, d) { return this.__loop(true, type, 0, d > 0 ? d : 1e9); };
__Property.prototype.loopInDuration = function (type, d) { return this.__loop(false, type, 0, d > 0 ? d : 1e9); };
__Property.prototype.wiggle = function (freq, amp, octaves, ampMult, t) {
  if (t === undefined) t = this.__time;
  octaves = octaves === undefined ? 1 : Math.max(1, Math.min(Math.floor(octaves), 10));
  ampMult = ampMult === undefined ? 0.5 : ampMult;
  var base = t === this.__time ? this.value : this.valueAtTime(t), seed = this.__info.seed;
  function offset(d) {
    var sum = 0, a = 1, f = freq;
    for (var o = 0; o < octaves; o++) { sum += a * __noise(__mix(seed + d * 131 + o * 7919), t * f); a *= ampMult; f *= 2; }
    return sum * amp;
  }
  if (__isArray(base)) return __map(base, function (x, d) { return x + offset(d); });
  return base + offset(0);
};
__Property.prototype.smooth = function (width, samples, t) {
  if (t === undefined) t = this.__time;
  width = width === undefined ? 0.2 : width; samples = samples === undefined ? 5 : Math.max(1, Math.min(Math.floor(samples), 100));
  var total = 0;
  for (var i = 0; i < samples; i++) {
    var at = samples === 1 ? t : t - width / 2 + width * i / (samples - 1);
    total = $bm_sum(total, this.valueAtTime(at));
  }
  return $bm_div(total, samples);
};

// Properties of layers and shapes, read at a time: each a property of the file, with its own
// expression if it has one. Objects of one kind share a prototype of getters made once.
var __transformNames = { position: 'p', anchorPoint: 'a', scale: 's', rotation: 'r', opacity: 'o', skew: 'sk', skewAxis: 'sa', xRotation: 'rx', yRotation: 'ry', zRotation: 'rz', orientation: 'or' };
var __shapeNames = {
  gr: {}, rc: { size: 's', position: 'p', roundness: 'r' }, el: { size: 's', position: 'p' },
  fl: { color: 'c', opacity: 'o' }, st: { color: 'c', opacity: 'o', strokeWidth: 'w' },
  gf: { opacity: 'o', startPoint: 's', endPoint: 'e' }, gs: { opacity: 'o', strokeWidth: 'w', startPoint: 's', endPoint: 'e' },
  tm: { start: 's', end: 'e', offset: 'o' }, tr: __transformNames, sh: { path: 'ks' },
  sr: { position: 'p', rotation: 'r', points: 'pt', innerRadius: 'ir', outerRadius: 'or', innerRoundness: 'is', outerRoundness: 'os' },
  rp: { copies: 'c', offset: 'o' }, rd: { radius: 'r' }
};
function __getters(proto, names) {
  for (var name in names) (function (key, path) {
    Object.defineProperty(proto, name, { get: function () {
      return path ? __readPath(this.__base + '.' + key, this.__time) : __read(this.__base + '.' + key, this.__time);
    } });
  })(names[name], name === 'path');
  return proto;
}
var __transformProto = __getters({}, __transformNames);
function __transform(base, time) { var t = Object.create(__transformProto); t.__base = base; t.__time = time; return t; }
function __Shape() {}
__Shape.prototype.content = function (name) { return __content(this.__meta.it || [], name, this.__time); };
Object.defineProperty(__Shape.prototype, 'numProperties', { get: function () { return (this.__meta.it || []).length; } });
Object.defineProperty(__Shape.prototype, 'name', { get: function () { return this.__meta.nm; } });
Object.defineProperty(__Shape.prototype, 'transform', { get: function () {
  var items = this.__meta.it || [];
  for (var i = 0; i < items.length; i++) if (items[i].ty === 'tr') return __transform(items[i].path, this.__time);
  return undefined;
} });
var __shapeProtos = {};
for (var __ty in __shapeNames) __shapeProtos[__ty] = __getters(Object.create(__Shape.prototype), __shapeNames[__ty]);
function __shape(meta, time) {
  var shape = Object.create(__shapeProtos[meta.ty] || __Shape.prototype);
  shape.__meta = meta; shape.__base = meta.path; shape.__time = time;
  return shape;
}
function __content(items, name, time) {
  for (var i = 0; i < items.length; i++) {
    if (items[i].nm === name || items[i].mn === name || (typeof name === 'number' && i + 1 === name)) return __shape(items[i], time);
  }
  throw new ReferenceError('no content named ' + name);
}
function __Layer(comp, index, time) {
  this.__meta = __comps[comp].layers[index]; this.__comp = comp; this.__time = time;
}
(function () {
  function getter(name, get) { Object.defineProperty(__Layer.prototype, name, { get: get }); }
  getter('transform', function () { return __transform(this.__meta.path + '.ks', this.__time); });
  var own = { position: 'p', anchorPoint: 'a', scale: 's', rotation: 'r', opacity: 'o' };
  for (var name in own) (function (key) {
    getter(name, function () { return __read(this.__meta.path + '.ks.' + key, this.__time); });
  })(own[name]);
  getter('name', function () { return this.__meta.nm; });
  getter('index', function () { return this.__meta.ind; });
  getter('inPoint', function () { return this.__meta.ip / __fr; });
  getter('outPoint', function () { return this.__meta.op / __fr; });
  getter('startTime', function () { return this.__meta.st / __fr; });
  getter('width', function () { return this.__meta.w; });
  getter('height', function () { return this.__meta.h; });
  getter('hasParent', function () { return this.__meta.parent !== undefined; });
})();
Object.defineProperty(__Layer.prototype, 'parent', { get: function () {
  var meta = this.__meta, layers = __comps[this.__comp].layers;
  for (var i = 0; i < layers.length; i++) if (meta.parent !== undefined && layers[i].ind === meta.parent) return new __Layer(this.__comp, i, this.__time);
  return undefined;
} });
__Layer.prototype.content = function (name) { return __content(this.__meta.shapes || [], name, this.__time); };
__Layer.prototype.effect = function (name) {
  var effects = this.__meta.ef || [], time = this.__time;
  for (var i = 0; i < effects.length; i++) {
    var e = effects[i];
    if (e.nm === name || e.mn === name || (typeof name === 'number' && i + 1 === name)) return (function (e) {
      var group = function (p) {
        for (var j = 0; j < e.params.length; j++) {
          var q = e.params[j];
          if (q.nm === p || q.mn === p || (typeof p === 'number' && j + 1 === p)) return __read(q.path, time);
        }
        throw new ReferenceError('no parameter ' + p + ' in effect ' + e.nm);
      };
      group.param = group;
      group.name = e.nm;
      return group;
    })(e);
  }
  throw new ReferenceError('no effect named ' + name);
};
// The layer's matrix to its composition at time t: anchor, scale, rotation, position, parents.
__Layer.prototype.__matrix = function (t, depth) {
  var base = this.__meta.path + '.ks';
  var a = __read(base + '.a', t) || [0, 0], p = __read(base + '.p', t) || [0, 0], s = __read(base + '.s', t) || [100, 100];
  var r = __read(base + '.r', t); if (r === undefined) r = __read(base + '.rz', t) || 0;
  var c = Math.cos(r * Math.PI / 180), n = Math.sin(r * Math.PI / 180), sx = s[0] / 100, sy = s[1] / 100;
  var m = [c * sx, n * sx, -n * sy, c * sy, 0, 0];
  m[4] = p[0] - (m[0] * a[0] + m[2] * a[1]);
  m[5] = p[1] - (m[1] * a[0] + m[3] * a[1]);
  var parent = this.parent;
  if (parent && (depth || 0) < 32) {
    var q = parent.__matrix(t, (depth || 0) + 1);
    m = [q[0] * m[0] + q[2] * m[1], q[1] * m[0] + q[3] * m[1], q[0] * m[2] + q[2] * m[3], q[1] * m[2] + q[3] * m[3],
         q[0] * m[4] + q[2] * m[5] + q[4], q[1] * m[4] + q[3] * m[5] + q[5]];
  }
  return m;
};
__Layer.prototype.toComp = function (point, t) {
  var m = this.__matrix(t === undefined ? this.__time : t);
  return [m[0] * point[0] + m[2] * point[1] + m[4], m[1] * point[0] + m[3] * point[1] + m[5]].concat(point.length > 2 ? [point[2]] : []);
};
__Layer.prototype.fromComp = function (point, t) {
  var m = this.__matrix(t === undefined ? this.__time : t), det = m[0] * m[3] - m[1] * m[2];
  if (det === 0) return point;
  var x = point[0] - m[4], y = point[1] - m[5];
  return [(m[3] * x - m[2] * y) / det, (m[0] * y - m[1] * x) / det].concat(point.length > 2 ? [point[2]] : []);
};
__Layer.prototype.toWorld = __Layer.prototype.toComp;
__Layer.prototype.fromWorld = __Layer.prototype.fromComp;
// A composition's fields are getters on the prototype: every evaluation makes its `thisComp`,
// most never read them.
function __Comp(key, time) {
  if (!__comps[key]) throw new ReferenceError('no composition ' + key);
  this.__key = key; this.__time = time;
}
(function () {
  function getter(name, get) { Object.defineProperty(__Comp.prototype, name, { get: get }); }
  getter('width', function () { return __comps[this.__key].w; });
  getter('height', function () { return __comps[this.__key].h; });
  getter('name', function () { return __comps[this.__key].nm; });
  getter('numLayers', function () { return __comps[this.__key].layers.length; });
  getter('frameDuration', function () { return 1 / __fr; });
  getter('duration', function () { var op = __comps[this.__key].op; return op !== undefined ? op / __fr : 0; });
})();
__Comp.prototype.layer = function (name) {
  var layers = __comps[this.__key].layers;
  for (var i = 0; i < layers.length; i++) if (layers[i].nm === name) return new __Layer(this.__key, i, this.__time);
  for (i = 0; i < layers.length; i++) if (layers[i].ind === name) return new __Layer(this.__key, i, this.__time);
  if (typeof name === 'number' && name >= 1 && name <= layers.length) return new __Layer(this.__key, name - 1, this.__time);
  throw new ReferenceError('no layer ' + name);
};
function __compNamed(name, time) {
  for (var key in __comps) if (__comps[key].nm === name || __comps[key].id === name) return new __Comp(key, time);
  throw new ReferenceError('no composition named ' + name);
}

// One evaluation: the expression's function (`ExpressionMeta.wrapper`, which sets up the
// property's environment at `time`, in seconds) run, its result as numbers, and the generator
// left as it was found.
var __known = {};
function __entry(fn, slot, time, input) {
  var saved = __state, seedBase = __seedBase;
  try {
    return fn(time, input);
  } finally {
    __state = saved; __seedBase = seedBase;
  }
}
function __clean() {
  var names = Object.getOwnPropertyNames(__g);
  for (var i = 0; i < names.length; i++) if (!__known.hasOwnProperty(names[i])) delete __g[names[i]];
}
function __result(result, info) {
  if (result === undefined) throw new TypeError('the expression sets no result ($bm_rt)');
  return __toNumbers(result, info.kind);
}
(function () {
  delete __g.Duktape; delete __g.Date; delete __g.require; delete __g.print; delete __g.alert; delete __g.console;
  var frozen = [Object, Object.prototype, Array, Array.prototype, Function, Function.prototype, String, String.prototype,
                Number, Number.prototype, Boolean, Boolean.prototype, RegExp, RegExp.prototype, Error, Error.prototype,
                Math, JSON, __Property, __Property.prototype, __Layer, __Layer.prototype, __Comp, __Comp.prototype,
                __Shape, __Shape.prototype, __transformProto, __transformNames, __shapeNames];
  for (var ty in __shapeProtos) { Object.freeze(__shapeProtos[ty]); Object.freeze(__shapeNames[ty]); }
  Object.freeze(__shapeProtos);
  for (var i = 0; i < frozen.length; i++) Object.freeze(frozen[i]);
  var names = Object.getOwnPropertyNames(__g);
  for (var j = 0; j < names.length; j++) {
    __known[names[j]] = true;
    var keep = names[j] === '__fr' || names[j] === '__comps' || names[j] === '__state' || names[j] === '__seedBase';
    if (!keep) Object.defineProperty(__g, names[j], { writable: false, configurable: false });
  }
  __known.__known = true;
})();
"""#
}
