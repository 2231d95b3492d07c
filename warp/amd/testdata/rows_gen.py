#!/usr/bin/env python3
"""Writes rows.txt: one example statement per row of the AMD table
(traces/_gen/amd.ops), for TestEveryAMDRow. Run from warp/amd/testdata:
python3 rows_gen.py > rows.txt. The examples follow each row's operand
signature; hand-written overrides for formats with their own syntax are in
SPECIAL below."""
import re, sys

TARGETS = {'90a': 'gfx90a', '942': 'gfx942', '1030': 'gfx1030', '1100': 'gfx1100', '1200': 'gfx1200'}
PREF = ['1100', '1200', '1030', '942', '90a']

def pick(at):
    ts = ['90a', '942', '1030', '1100', '1200'] if at == 'all' else ([] if at == '-' else at.split(','))
    for p in PREF:
        if p in ts:
            return p
    return None

def reg(kind, n, ty):
    width = 2 if ty in ('b64', 'f64') else 1
    if width == 1:
        return '%s%d' % (kind, n)
    return '%s[%d:%d]' % (kind, n, n + 1)

def mask(t):
    return 'vcc' if t in ('90a', '942') else 'vcc_lo'

SPECIAL = {
    's_getreg_b32': 's5, hwreg(HW_REG_MODE)',
    's_setreg_b32': 'hwreg(HW_REG_MODE, 0, 4), s1',
    's_setreg_imm32_b32': 'hwreg(HW_REG_MODE, 4, 4), 0xf',
    's_waitcnt': 'vmcnt(0) lgkmcnt(0)',
    's_delay_alu': 'instid0(VALU_DEP_1)',
    's_waitcnt_depctr': '0xfff',
    's_sendmsg': 'sendmsg(MSG_DEALLOC_VGPRS)',
    's_barrier_signal': '-1',
    's_barrier_wait': '-1',
    's_denorm_mode': '15',
    's_round_mode': '0',
    'ds_swizzle_b32': 'v5, v1 offset:0x41f',
    's_setpc_b64': 's[8:9]',
    's_swappc_b64': 's[6:7], s[8:9]',
    's_waitcnt_vscnt': 'null, 0x0',
    's_waitcnt_vmcnt': 'null, 0x0',
    's_waitcnt_expcnt': 'null, 0x0',
    's_waitcnt_lgkmcnt': 'null, 0x0',
}

# Rows whose defs may keep their old value on any input: an always-true
# v_cmpx leaves EXEC as it was.
# In wave32 (every target here but gfx90a/gfx942) EXEC_HI is 0, so the
# 64-bit saveexec forms that AND with EXEC leave it 0.
def keeps(name, f, t):
    if 'cmpx' in f and f.get('cmp') == 'true':
        return 's126' if t not in ('90a', '942') else 's126 s127'
    if t not in ('90a', '942') and name.endswith('exec_b64') and name.split('_')[1] in ('and', 'andn1'):
        return 's127'
    return ''

def sig_operands(name, sig, t):
    out = []
    vs = iter(['v1', 'v2', 'v3'])
    vs64 = iter(['v[12:13]', 'v[14:15]', 'v[16:17]'])
    ss = iter(['s1', 's2', 's3'])
    ss64 = iter(['s[2:3]', 's[4:5]', 's[8:9]'])
    for slot in sig.split(','):
        role, _, ty = slot.partition(':')
        w64 = ty in ('b64', 'f64')
        if role == 'sd':
            out.append('s[6:7]' if w64 else 's5')
        elif role == 'vd':
            out.append('v[6:7]' if w64 else 'v5')
        elif role == 'md':
            out.append(mask(t))
        elif role in ('ss',):
            out.append(next(ss64) if w64 else next(ss))
        elif role in ('vs', 'vv'):
            out.append(next(vs64) if w64 else next(vs))
        elif role == 'ms':
            out.append(mask(t))
        elif role == 'k':
            out.append('0x40400000')
        elif role in ('i16', 'u16'):
            out.append('5')
        elif role == 'opt16':
            pass
        elif role == 'l':
            out.append('.Lend')
        elif role == 'hw':
            out.append('hwreg(HW_REG_MODE)')
        else:
            raise SystemExit('unknown role %s in %s' % (role, name))
    return ', '.join(out)

def dwords(nbytes):
    return max(1, nbytes // 4)

def vrange(first, n):
    return 'v%d' % first if n == 1 else 'v[%d:%d]' % (first, first + n - 1)

def srange(first, n):
    return 's%d' % first if n == 1 else 's[%d:%d]' % (first, first + n - 1)

def example(name, f, t):
    sig = f.get('sig', '')
    if name in SPECIAL:
        return SPECIAL[name]
    cls = f['class']
    if sig == 'smem':
        if name.startswith('s_memtime') or name.startswith('s_memrealtime'):
            return 's[6:7]'
        n = dwords(int(f['bytes']))
        first = {1: 5, 2: 6, 3: 8, 4: 8, 8: 8, 16: 16}[n]
        return '%s, s[0:1], 0x0' % srange(first, n)
    if sig == 'flat':
        n = dwords(int(f.get('bytes', '4')))
        addr = 'v[10:11]'
        tail = '' if 'flat' in f else ', off'
        mem = f.get('mem')
        if mem == 'load':
            return '%s, %s%s' % (vrange(20, n), addr, tail)
        if mem == 'store':
            return '%s, %s%s' % (addr, vrange(24, n), tail)
        if mem == 'atomic':
            if f.get('atom') == 'cas':
                n *= 2
            return '%s, %s%s' % (addr, vrange(24, n), tail)
        raise SystemExit('flat %s' % name)
    if sig == 'ds':
        mem = f.get('mem')
        n = dwords(int(f.get('bytes', '4')))
        if mem == 'load':
            return '%s, v12' % vrange(20, n)
        if mem in ('load2', 'load2st64'):
            return '%s, v12 offset1:1' % vrange(20, 2 * n)
        if mem == 'store':
            return 'v12, %s' % vrange(24, n)
        if mem in ('store2', 'store2st64'):
            return 'v12, %s, %s offset1:1' % (vrange(24, n), vrange(28, n))
        if mem in ('atomic',):
            if 'rtn' in f:
                return '%s, v12, %s' % (vrange(20, n), vrange(24, n))
            return 'v12, %s' % vrange(24, n)
        if mem in ('cmpst', 'cmpstore'):
            if 'rtn' in f:
                return '%s, v12, %s, %s' % (vrange(20, n), vrange(24, n), vrange(28, n))
            return 'v12, %s, %s' % (vrange(24, n), vrange(28, n))
        if mem in ('bpermute', 'permute'):
            return 'v5, v12, v1'
        if mem == 'nop':
            return ''
        raise SystemExit('ds %s %s' % (name, mem))
    if sig == 'cache' or sig == '':
        return ''
    m = re.match(r'(cmp|cmpclass):(\w+)$', sig)
    if m:
        w64 = m.group(2) in ('b64', 'f64')
        a = 'v[12:13]' if w64 else 'v1'
        b = 'v2' if m.group(1) == 'cmpclass' else ('v[14:15]' if w64 else 'v2')
        if 'cmpx' in f and t not in ('90a', '942'):
            return '%s, %s' % (a, b)
        return '%s, %s, %s' % (mask(t), a, b)
    return sig_operands(name, sig, t)

rows = []
for line in open('../../../traces/_gen/amd.ops'):
    line = line.split('#')[0].strip()
    if not line or line.startswith('class ') or line.startswith('dual '):
        continue
    words = line.split()
    name = words[0]
    f = {}
    aliases = []
    for w in words[1:]:
        k, _, v = w.partition('=')
        if k == 'alias':
            aliases.append(v)
        else:
            f[k] = v
    spell, t = name, pick(f['at'])
    if t is None:
        for a in aliases:
            n, _, ts = a.partition('@')
            t = pick(ts)
            if t:
                spell = n
                break
    variants = [(spell, t)]
    # A second example in wave64 on gfx90a where the row has the name there.
    at = f['at']
    # (s_sendmsg: gpusim runs only MSG_DEALLOC_VGPRS, a GFX11+ message.)
    if t != '90a' and (at == 'all' or '90a' in at.split(',')) and name != 's_sendmsg':
        variants.append((name, '90a'))
    for spell, t in variants:
        ops = example(name, f, t)
        suffix = ''
        if f['enc'] in ('vop1', 'vop2', 'vopc') and f['class'] in ('valu', 'trans'):
            suffix = '_e32'
        stmt = spell + suffix + ((' ' + ops) if ops else '')
        k = keeps(name, f, t)
        rows.append('%s | %s' % (TARGETS[t], stmt) + (' | keep ' + k if k else ''))

print('# One example statement per row of the AMD table (traces/_gen/amd.ops) for')
print('# TestEveryAMDRow: target | statement. Generated by rows_gen.py from the')
print('# rows\' operand signatures; regenerate after adding a row. A third field')
print('# `keep REG...` names defs that may keep their value on every input.')
print('\n'.join(rows))
