//! A value from a file or a request as an error message shows it: the one way every error
//! that quotes what it was given writes that value.
//!
//! A value is cut to [`SHOWN_CHARS`] characters, with `…` and its full length after the cut,
//! and every character a terminal or a window would act on rather than print (ESC, BEL, a
//! newline, a right-to-left override, a zero-width space) is written as Rust writes it in a
//! string literal (`\u{1b}`, `\n`), so that a message is one readable line whatever it quotes.
//! A backslash and a backtick are escaped too, since [`quoted`] puts the value between
//! backticks. Quotes and every printable character, accents and combining marks included,
//! are shown as they are.
//!
//! Not here: deciding what may be entered (names, places, file sizes are limited where they
//! enter the table), nor wording anything around the value.

use std::fmt::{self, Write};

/// The most characters of a value an error shows before cutting it: a name, a tile id or a
/// key fits whole, a sentence pasted by mistake is recognisable.
pub const SHOWN_CHARS: usize = 48;

/// `value`, cut and escaped, between backticks: `` `Q9` ``, `` `aaaa…` (100000 characters) ``.
pub fn quoted(value: &str) -> Quoted<'_> {
    Quoted(value)
}

/// `value`, cut and escaped, without quotes: for a place that quotes it in its own way (a
/// key path, the UI's own quotation marks) or a name that reads as a name.
pub fn excerpt(value: &str) -> Excerpt<'_> {
    Excerpt(value)
}

/// A whole message with every character a terminal would act on escaped, and nothing cut:
/// the last guard where a program prints an error whose words come from elsewhere (the
/// ledger's, the OS's), so that no name or path in it can retitle or recolour a terminal.
/// Backslashes and backticks stay as they are, so a value [`quoted`] inside reads the same.
pub fn printable(message: &str) -> Printable<'_> {
    Printable(message)
}

/// See [`quoted`].
#[derive(Clone, Copy, Debug)]
pub struct Quoted<'a>(&'a str);

/// See [`printable`].
#[derive(Clone, Copy, Debug)]
pub struct Printable<'a>(&'a str);

impl fmt::Display for Printable<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut token = String::new();
        for c in self.0.chars() {
            token.clear();
            match c {
                '`' | '\\' => token.push(c),
                _ => escape(c, &mut token),
            }
            f.write_str(&token)?;
        }
        Ok(())
    }
}

/// See [`excerpt`].
#[derive(Clone, Copy, Debug)]
pub struct Excerpt<'a>(&'a str);

impl fmt::Display for Quoted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_char('`')?;
        let cut = write_escaped(self.0, f)?;
        f.write_char('`')?;
        length_note(self.0, cut, f)
    }
}

impl fmt::Display for Excerpt<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut = write_escaped(self.0, f)?;
        length_note(self.0, cut, f)
    }
}

/// Writes the shown part of `value`, escaped, and `…` when it was cut; returns whether it was.
fn write_escaped(value: &str, f: &mut fmt::Formatter<'_>) -> Result<bool, fmt::Error> {
    let mut written = 0;
    let mut token = String::new();
    for c in value.chars() {
        token.clear();
        escape(c, &mut token);
        let width = token.chars().count();
        if written + width > SHOWN_CHARS {
            f.write_char('…')?;
            return Ok(true);
        }
        f.write_str(&token)?;
        written += width;
    }
    Ok(false)
}

fn length_note(value: &str, cut: bool, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if cut {
        write!(f, " ({} characters)", value.chars().count())?;
    }
    Ok(())
}

/// One character as shown. `char::escape_debug` decides what is not printable; its escaping
/// of quotes is left out (a name like D'Artagnan stays readable), and a combining mark, which
/// it escapes out of context, is shown on the letter it follows, as `str::escape_debug` does.
fn escape(c: char, out: &mut String) {
    match c {
        '`' | '\\' => {
            out.push('\\');
            out.push(c);
        }
        '\'' | '"' => out.push(c),
        _ => {
            let escaped = c.escape_debug();
            if escaped.len() == 1 || (!c.is_control() && is_combining(c)) {
                out.push(c);
            } else {
                out.extend(escaped);
            }
        }
    }
}

/// Whether `c` is a mark that `str::escape_debug` leaves on the character before it (a
/// grapheme extender), which `char::escape_debug` alone cannot tell.
fn is_combining(c: char) -> bool {
    let mut pair = String::from("a");
    pair.push(c);
    pair.escape_debug().count() == pair.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_printable_value_is_shown_whole() {
        assert_eq!(quoted("Q9").to_string(), "`Q9`");
        assert_eq!(excerpt("D'Artagnan \"the\" Ölaf 🙂").to_string(), "D'Artagnan \"the\" Ölaf 🙂");
        assert_eq!(excerpt("e\u{301}te").to_string(), "e\u{301}te", "a combining accent stays on its letter");
    }

    #[test]
    fn control_and_invisible_characters_are_escaped() {
        assert_eq!(quoted("a\u{1b}[31mb\u{7}").to_string(), "`a\\u{1b}[31mb\\u{7}`");
        assert_eq!(excerpt("tab\there\n\r\0").to_string(), "tab\\there\\n\\r\\0");
        assert_eq!(excerpt("\u{202e}abc\u{200b}").to_string(), "\\u{202e}abc\\u{200b}");
        assert_eq!(quoted("a`b\\c").to_string(), "`a\\`b\\\\c`", "the quote mark and the escape are escaped");
        assert!(!quoted("\u{1b}\u{7}\u{9b}").to_string().chars().any(char::is_control));
    }

    #[test]
    fn a_printable_message_escapes_only_what_a_terminal_acts_on() {
        let message = format!("players {} and \u{1b}]0;x\u{7} clash", quoted("a`b"));
        assert_eq!(printable(&message).to_string(), "players `a\\`b` and \\u{1b}]0;x\\u{7} clash");
        let long = "ü".repeat(500);
        assert_eq!(printable(&long).to_string(), long, "nothing is cut");
    }

    #[test]
    fn a_long_value_is_cut_with_its_length() {
        let at_bound = "x".repeat(SHOWN_CHARS);
        assert_eq!(quoted(&at_bound).to_string(), format!("`{at_bound}`"), "at the bound: whole");
        let past = "x".repeat(SHOWN_CHARS + 1);
        assert_eq!(quoted(&past).to_string(), format!("`{at_bound}…` ({} characters)", SHOWN_CHARS + 1));
        let huge = "é".repeat(1 << 20);
        let shown = excerpt(&huge).to_string();
        assert!(shown.ends_with("… (1048576 characters)"), "{shown}");
        assert!(shown.chars().count() < 80, "a readable line: {shown}");
        let escapes = "\u{1b}".repeat(100);
        let shown = excerpt(&escapes).to_string();
        assert!(shown.chars().count() <= SHOWN_CHARS + 20, "escapes count towards the cut: {shown}");
        assert!(shown.starts_with("\\u{1b}\\u{1b}") && shown.ends_with("… (100 characters)"), "{shown}");
    }
}
