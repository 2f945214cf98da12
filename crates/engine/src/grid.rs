//! A two-dimensional array over board cells that grows as the layout spreads.
//!
//! Lookups are the inner loop of placement checks, so the grid is a flat vector with an
//! offset, not a hash map; it doubles its extent when a cell falls outside.

use crate::coord::Cell;

/// Values of type `T` for every cell; cells never written read as `T::default()`.
#[derive(Clone, Debug)]
pub(crate) struct Grid<T> {
    min_x: i32,
    min_y: i32,
    width: i32,
    height: i32,
    values: Vec<T>,
}

impl<T: Copy + Default> Grid<T> {
    const START: i32 = 32;

    pub(crate) fn new() -> Grid<T> {
        Grid {
            min_x: -Self::START / 2,
            min_y: -Self::START / 2,
            width: Self::START,
            height: Self::START,
            values: vec![T::default(); (Self::START * Self::START) as usize],
        }
    }

    fn index(&self, c: Cell) -> Option<usize> {
        // A cell far off the table is simply outside: the offset must not overflow first.
        let x = c.x.checked_sub(self.min_x)?;
        let y = c.y.checked_sub(self.min_y)?;
        (x >= 0 && y >= 0 && x < self.width && y < self.height).then(|| (y * self.width + x) as usize)
    }

    pub(crate) fn get(&self, c: Cell) -> T {
        self.index(c).map_or_else(T::default, |i| self.values[i])
    }

    pub(crate) fn update(&mut self, c: Cell, f: impl FnOnce(&mut T)) {
        while self.index(c).is_none() {
            let outside = |v: i32, min: i32, extent: i32| v.checked_sub(min).is_none_or(|d| d < 0 || d >= extent);
            self.grow(outside(c.x, self.min_x, self.width), outside(c.y, self.min_y, self.height));
        }
        let i = self.index(c).expect("grown to fit");
        f(&mut self.values[i]);
    }

    /// Doubles the extents `c` lies outside of, keeping the old area in the middle. Only the
    /// axis a layout outgrows doubles: a river runs far one way, and the grid is copied
    /// whole with every copy of the board.
    fn grow(&mut self, wider: bool, taller: bool) {
        let (w, h) = (self.width << wider as u32, self.height << taller as u32);
        let (min_x, min_y) = (self.min_x - (w - self.width) / 2, self.min_y - (h - self.height) / 2);
        let mut values = vec![T::default(); (w * h) as usize];
        for y in 0..self.height {
            for x in 0..self.width {
                let nx = x + self.min_x - min_x;
                let ny = y + self.min_y - min_y;
                values[(ny * w + nx) as usize] = self.values[(y * self.width + x) as usize];
            }
        }
        *self = Grid { min_x, min_y, width: w, height: h, values };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_layout_running_one_way_grows_the_grid_that_way_only() {
        let mut g: Grid<u32> = Grid::new();
        for x in 0..100 {
            g.update(Cell::new(x, 0), |v| *v = x as u32 + 1);
        }
        assert_eq!(g.height, Grid::<u32>::START, "no row was added for a river running east");
        assert!(g.width >= 100 && g.width <= 4 * Grid::<u32>::START * 2, "width {}", g.width);
        assert!((0..100).all(|x| g.get(Cell::new(x, 0)) == x as u32 + 1), "every value kept");
    }

    #[test]
    fn far_cells_grow_the_grid_and_keep_old_values() {
        let mut g: Grid<u32> = Grid::new();
        g.update(Cell::new(0, 0), |v| *v = 7);
        g.update(Cell::new(-100, 250), |v| *v = 9);
        assert_eq!(g.get(Cell::new(0, 0)), 7, "old value survives growth");
        assert_eq!(g.get(Cell::new(-100, 250)), 9);
        assert_eq!(g.get(Cell::new(5, 5)), 0, "unwritten cells read as default");
        assert_eq!(g.get(Cell::new(10_000, 0)), 0, "reading far away does not grow");
    }

    #[test]
    fn cells_at_the_ends_of_i32_read_as_empty() {
        let g: Grid<u32> = Grid::new();
        for c in [Cell::new(i32::MAX, 0), Cell::new(0, i32::MIN), Cell::new(i32::MIN, i32::MAX)] {
            assert_eq!(g.get(c), 0, "{c} lies outside any grid");
        }
    }
}
