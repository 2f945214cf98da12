//! Players: who they are at the table and per-player tallies.

use std::fmt;
use std::ops::{Index, IndexMut};

/// The most players a game can seat (eight follower colours exist).
pub const MAX_PLAYERS: usize = 8;

/// A seat at the table, 0 for the first player in turn order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub struct PlayerId(pub u8);

impl PlayerId {
    /// The seat number, from 0.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat as a sentence names it: by its name at this table, or as "player 1",
    /// "player 2", … when `names` has none for it.
    pub(crate) fn name_in(self, names: &[String]) -> String {
        names.get(self.index()).cloned().unwrap_or_else(|| self.to_string())
    }
}

impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}

/// A follower colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize), serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "specta", derive(specta::Type))]
pub enum Color {
    /// Red.
    Red,
    /// Blue.
    Blue,
    /// Green.
    Green,
    /// Yellow.
    Yellow,
    /// Black.
    Black,
    /// Gray.
    Gray,
    /// Pink.
    Pink,
    /// Purple.
    Purple,
}

impl Color {
    /// Every colour, in the order scripts list them.
    pub const ALL: [Color; 8] =
        [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray, Color::Pink, Color::Purple];

    /// The name used in game scripts.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Blue => "blue",
            Color::Green => "green",
            Color::Yellow => "yellow",
            Color::Black => "black",
            Color::Gray => "gray",
            Color::Pink => "pink",
            Color::Purple => "purple",
        }
    }

    /// Parses a script name such as `"red"`.
    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of seats, e.g. the winners of a scoring.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PlayerSet(u8);

impl PlayerSet {
    /// Nobody.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Adds a seat.
    pub fn insert(&mut self, p: PlayerId) {
        self.0 |= 1 << p.0;
    }

    /// Whether the seat is in the set.
    pub const fn contains(self, p: PlayerId) -> bool {
        self.0 & (1 << p.0) != 0
    }

    /// How many seats.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether nobody is in it.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in turn order.
    pub fn iter(self) -> impl Iterator<Item = PlayerId> {
        // Bit by bit from the lowest: as many steps as seats in the set, not eight.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let i = bits.trailing_zeros();
            bits &= bits.wrapping_sub(1);
            (i < u8::BITS).then_some(PlayerId(i as u8))
        })
    }
}

impl FromIterator<PlayerId> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = PlayerId>>(iter: I) -> Self {
        let mut set = PlayerSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

/// One value per seat, for up to [`MAX_PLAYERS`] players; unused seats hold the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ByPlayer<T>([T; MAX_PLAYERS]);

impl<T: Copy> ByPlayer<T> {
    /// Every seat holding `value`.
    pub fn filled(value: T) -> ByPlayer<T> {
        ByPlayer([value; MAX_PLAYERS])
    }

    /// The values of the first `n` seats.
    pub fn first(&self, n: usize) -> &[T] {
        &self.0[..n]
    }
}

impl ByPlayer<u8> {
    /// Adds another tally seat by seat.
    pub fn add(&mut self, other: &ByPlayer<u8>) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a += b;
        }
    }

    /// Sum over all seats.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&v| v as u32).sum()
    }

    /// The seats with the highest non-zero count: the majority, ties included (Rule B-23).
    pub fn leaders(&self) -> PlayerSet {
        let max = self.0.iter().fold(0, |m, &n| m.max(n));
        if max == 0 {
            return PlayerSet::EMPTY;
        }
        PlayerSet(zero_bytes(self.word() ^ (u64::from(max) * ONES)))
    }

    /// The seats with at least one but fewer than the leaders: present, outvoted.
    pub fn outvoted(&self) -> PlayerSet {
        PlayerSet(!zero_bytes(self.word()) & !self.leaders().0)
    }

    /// The eight seats' counts as one word, a byte each: every score asks for its leaders,
    /// so they are found for all seats at once rather than seat by seat.
    fn word(&self) -> u64 {
        u64::from_le_bytes(self.0)
    }

    /// Seats with at least one, with their counts.
    pub fn present(&self) -> Vec<(PlayerId, u8)> {
        (0..MAX_PLAYERS).filter(|&i| self.0[i] > 0).map(|i| (PlayerId(i as u8), self.0[i])).collect()
    }
}

/// A one in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// Bit `i` set for each byte `i` of `word` that is zero.
fn zero_bytes(word: u64) -> u8 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // The top bit of each byte: set when any of its bits is.
    let nonzero = ((word & LOW7) + LOW7) | word;
    let zero_tops = !nonzero & !LOW7;
    // Gathers the eight top bits, byte 0's into bit 0.
    ((zero_tops >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

impl<T> Index<PlayerId> for ByPlayer<T> {
    type Output = T;
    fn index(&self, p: PlayerId) -> &T {
        &self.0[p.index()]
    }
}

impl<T> IndexMut<PlayerId> for ByPlayer<T> {
    fn index_mut(&mut self, p: PlayerId) -> &mut T {
        &mut self.0[p.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaders_share_ties_and_nobody_leads_an_empty_feature() {
        let mut t = ByPlayer::<u8>::default();
        assert!(t.leaders().is_empty(), "no followers, no majority");
        t[PlayerId(0)] = 2;
        t[PlayerId(2)] = 2;
        t[PlayerId(1)] = 1;
        let leaders: Vec<PlayerId> = t.leaders().iter().collect();
        assert_eq!(leaders, vec![PlayerId(0), PlayerId(2)], "tied leaders both score (B-23)");
        let outvoted: Vec<PlayerId> = t.outvoted().iter().collect();
        assert_eq!(outvoted, vec![PlayerId(1)], "the lone follower is outvoted");
        assert_eq!(t.total(), 5);
    }

    #[test]
    fn leaders_and_outvoted_agree_with_counting_seat_by_seat() {
        // Every table of up to two followers a seat, and the largest counts a byte holds.
        let mut tables: Vec<[u8; MAX_PLAYERS]> = (0..3u32.pow(MAX_PLAYERS as u32))
            .map(|mut n| {
                std::array::from_fn(|_| {
                    let v = (n % 3) as u8;
                    n /= 3;
                    v
                })
            })
            .collect();
        tables.extend([[255, 254, 0, 1, 128, 127, 255, 0], [0, 0, 0, 0, 0, 0, 0, 200], [129; MAX_PLAYERS]]);
        for counts in tables {
            let max = counts.iter().copied().max().unwrap();
            let seats = |keep: &dyn Fn(u8) -> bool| -> PlayerSet {
                (0..MAX_PLAYERS).filter(|&i| keep(counts[i])).map(|i| PlayerId(i as u8)).collect()
            };
            let t = ByPlayer(counts);
            assert_eq!(t.leaders(), seats(&|n| n > 0 && n == max), "{counts:?}");
            assert_eq!(t.outvoted(), seats(&|n| n > 0 && n < max), "{counts:?}");
        }
    }
}
