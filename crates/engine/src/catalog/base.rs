//! The base game: 24 tile types, 72 tiles, start tile `D`.
//!
//! Rows are `id copies | N / E / S / W slots | extras`, in the 12-slot notation described in
//! [`super`]. The letters follow the community's lettering of the current edition.

pub(super) const ROWS: &str = "
A  2 | f1 f1 f1 / f1 f1 f1 / f1 r1 f1 / f1 f1 f1 | cloister
B  4 | f1 f1 f1 / f1 f1 f1 / f1 f1 f1 / f1 f1 f1 | cloister
C  1 | c1 c1 c1 / c1 c1 c1 / c1 c1 c1 / c1 c1 c1 | c1+
D  4 | c1 c1 c1 / f1 r1 f2 / f2 f2 f2 / f2 r1 f1 | f1>c1
E  5 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / f1 f1 f1 | f1>c1
F  2 | f1 f1 f1 / c1 c1 c1 / f2 f2 f2 / c1 c1 c1 | c1+ f1>c1 f2>c1
G  1 | f1 f1 f1 / c1 c1 c1 / f2 f2 f2 / c1 c1 c1 | f1>c1 f2>c1
H  3 | c1 c1 c1 / f1 f1 f1 / c2 c2 c2 / f1 f1 f1 | f1>c1,c2
I  2 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c2 c2 c2 | f1>c1,c2
J  3 | c1 c1 c1 / f1 r1 f2 / f2 r1 f1 / f1 f1 f1 | f1>c1
K  3 | c1 c1 c1 / f1 f1 f1 / f1 r1 f2 / f2 r1 f1 | f1>c1
L  3 | c1 c1 c1 / f1 r1 f3 / f3 r2 f2 / f2 r3 f1 | f1>c1
M  2 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c1 c1 c1 | c1+ f1>c1
N  3 | c1 c1 c1 / f1 f1 f1 / f1 f1 f1 / c1 c1 c1 | f1>c1
O  2 | c1 c1 c1 / f1 r1 f2 / f2 r1 f1 / c1 c1 c1 | c1+ f1>c1
P  3 | c1 c1 c1 / f1 r1 f2 / f2 r1 f1 / c1 c1 c1 | f1>c1
Q  1 | c1 c1 c1 / c1 c1 c1 / f1 f1 f1 / c1 c1 c1 | c1+ f1>c1
R  3 | c1 c1 c1 / c1 c1 c1 / f1 f1 f1 / c1 c1 c1 | f1>c1
S  2 | c1 c1 c1 / c1 c1 c1 / f1 r1 f2 / c1 c1 c1 | c1+ f1>c1 f2>c1
T  1 | c1 c1 c1 / c1 c1 c1 / f1 r1 f2 / c1 c1 c1 | f1>c1 f2>c1
U  8 | f1 f1 f1 / f1 r1 f2 / f2 f2 f2 / f2 r1 f1 |
V  9 | f1 f1 f1 / f1 f1 f1 / f1 r1 f2 / f2 r1 f1 |
W  4 | f1 f1 f1 / f1 r1 f2 / f2 r2 f3 / f3 r3 f1 |
X  1 | f1 r1 f2 / f2 r2 f3 / f3 r3 f4 / f4 r4 f1 |
";
