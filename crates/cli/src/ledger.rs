//! `castellan ledger …`: the game-night ledger from the command line, for backups, clubs and
//! scripts. A ledger is never created by a command that only reads, and a missing or damaged
//! file is reported, never modified. A ledger the app has open is read (`export`, `stats`)
//! but not written (`init`, `import`): those are refused with the process that holds it,
//! whatever path each names it by. A ledger that cannot be written is read the same way, and
//! a write to it is refused with the OS's reason.

use castellan_ledger::{Ledger, NightId, OpenError};
use castellan_script::shown::quoted;
use castellan_table::limit::read_script;
use castellan_table::night_picture::{save_game_picture, save_night_picture, Language};
use castellan_table::{export, import, roster, stats, TableError};
use chrono::{Local, NaiveDate};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage:
  castellan ledger init --db PATH
  castellan ledger import GAME.json… --db PATH [--date YYYY-MM-DD] [--place PLACE] [--again]
      each file all or nothing; games of one date and place share one night;
      without --date, today's date where you are (the TZ variable, else the system's zone);
      a game already in the ledger (same players, setup and moves) is refused
      unless --again asks for it once more
  castellan ledger export --db PATH --format script|csv|bgstats --out DIR
      finished games; voided games are left out
  castellan ledger stats --db PATH --json
  castellan ledger night-picture NIGHT --db PATH --out FILE.png [--lang en|nl|de]
      NIGHT is the night's date (YYYY-MM-DD) or, where several share a date, its id;
      the picture of its finished games, start times in your zone; FILE.png is replaced
  castellan ledger game-picture GAME --db PATH --out FILE.png [--lang en|nl|de]
      GAME is a finished game's id (as in the exports); its picture alone";

/// Parsed `--name value` options and the remaining positional arguments.
struct Args<'a> {
    options: Vec<(&'a str, &'a str)>,
    flags: Vec<&'a str>,
    positional: Vec<&'a str>,
}

impl<'a> Args<'a> {
    fn parse(args: &[&'a str]) -> Result<Args<'a>, String> {
        let mut out = Args { options: Vec::new(), flags: Vec::new(), positional: Vec::new() };
        let mut it = args.iter().copied();
        while let Some(a) = it.next() {
            match a {
                "--json" | "--again" => out.flags.push(a),
                "--db" | "--date" | "--place" | "--format" | "--out" | "--lang" => {
                    let v = it.next().ok_or(format!("{a} needs a value"))?;
                    out.options.push((a, v));
                }
                _ if a.starts_with("--") => return Err(format!("unknown option {}", quoted(a))),
                _ => out.positional.push(a),
            }
        }
        Ok(out)
    }

    fn get(&self, name: &str) -> Option<&'a str> {
        self.options.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }

    fn need(&self, name: &str) -> Result<&'a str, String> {
        self.get(name).ok_or(format!("{name} is required"))
    }
}

/// Opens an existing ledger to write to it. The ledger is this process's alone meanwhile,
/// so one that the app (or another `castellan`) has open is refused, naming who has it.
fn open_existing(path: &str) -> Result<Ledger, TableError> {
    if !Path::new(path).exists() {
        return Err(TableError::NoLedger { path: path.into() });
    }
    open(path)
}

/// Opens (and if need be migrates) the ledger, and warns of players whose names now count as
/// one: they were kept apart when the comparison changed, and only a person can merge them.
fn open(path: &str) -> Result<Ledger, TableError> {
    let mut ledger = Ledger::open(path).map_err(|error| TableError::LedgerAt { path: path.into(), error })?;
    // Games finished before the ledger kept each one's biggest move: worked out once, here, so
    // that the statistics read it rather than replaying them every time.
    if let Err(e) = castellan_table::record::keep_biggest_moves(&mut ledger) {
        complain!("{path}: warning: the games' biggest moves were not kept: {e}");
    }
    for (first, other) in roster::name_clashes(&ledger)? {
        let (first, other) = (quoted(&first), quoted(&other));
        complain!("{path}: warning: players {first} and {other} have the same name now; both are kept, rename one");
    }
    Ok(ledger)
}

/// Opens an existing ledger to read it: taken over when it is free (so an old file is
/// migrated, as any opening does), read beside its owner when the app has it open, and read
/// as it is when it or its folder cannot be written. A backup or a look at the statistics
/// in the middle of a game night is what one runs `export` and `stats` for, and reading
/// never disturbs the app's writes nor needs to write anything.
fn open_to_read(path: &str) -> Result<Ledger, TableError> {
    match open_existing(path) {
        Err(TableError::LedgerAt { error: OpenError::InUse { .. } | OpenError::NotWritable { .. }, .. }) => {
            Ledger::open_read_only(path).map_err(|error| TableError::LedgerAt { path: path.into(), error })
        }
        other => other,
    }
}

pub(crate) fn run(args: &[&str]) -> ExitCode {
    let Some((&command, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let parsed = match Args::parse(rest) {
        Ok(a) => a,
        Err(e) => {
            complain!("{e}");
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let result = match command {
        "init" => init(&parsed),
        "import" => import_files(&parsed),
        "export" => export_files(&parsed),
        "stats" => print_stats(&parsed),
        "night-picture" => night_picture(&parsed),
        "game-picture" => game_picture(&parsed),
        _ => Err(Failure::Usage(format!("unknown ledger command {}", quoted(command)))),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Usage(e)) => {
            complain!("{e}");
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
        Err(Failure::Table(e)) => {
            complain!("{e}");
            ExitCode::FAILURE
        }
        Err(Failure::Reported) => ExitCode::FAILURE,
        Err(Failure::Refused(e)) => {
            complain!("{e}");
            ExitCode::FAILURE
        }
    }
}

enum Failure {
    Usage(String),
    Table(TableError),
    /// Errors were printed already, one per file.
    Reported,
    /// The arguments are well-formed but name something the ledger does not hold.
    Refused(String),
}

impl From<TableError> for Failure {
    fn from(e: TableError) -> Self {
        Failure::Table(e)
    }
}

impl From<String> for Failure {
    fn from(e: String) -> Self {
        Failure::Usage(e)
    }
}

fn init(args: &Args) -> Result<(), Failure> {
    let path = args.need("--db")?;
    // Opening checks an existing file and migrates it; it never overwrites one.
    let existed = Path::new(path).exists();
    open(path)?;
    say!("{path}: {}", if existed { "ledger ready" } else { "new ledger" });
    Ok(())
}

fn import_files(args: &Args) -> Result<(), Failure> {
    let path = args.need("--db")?;
    if args.positional.is_empty() {
        return Err(Failure::Usage("no game scripts to import".into()));
    }
    // The players' own clock: without --date, the night is today where they are.
    let mut occasion =
        import::Occasion::at(Local::now(), args.get("--place").map(String::from), env!("CARGO_PKG_VERSION").to_owned());
    if let Some(d) = args.get("--date") {
        occasion.date = NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map_err(|_| format!("--date {}: expected YYYY-MM-DD", quoted(d)))?;
    }
    let repeat = if args.flags.contains(&"--again") { import::Repeat::Allow } else { import::Repeat::Refuse };
    let mut ledger = open_existing(path)?;
    let mut failed = 0;
    for file in &args.positional {
        let outcome = read_script(Path::new(file))
            .and_then(|text| import::import_script(&mut ledger, &occasion, file, &text, repeat));
        match outcome {
            Ok(id) => say!("{file}: imported as game {}", id.0),
            Err(e @ TableError::AlreadyImported { .. }) => {
                failed += 1;
                complain!("{e}; nothing added (--again imports it once more)");
            }
            Err(e) => {
                failed += 1;
                complain!("{e}");
            }
        }
    }
    if failed > 0 {
        return Err(Failure::Reported);
    }
    Ok(())
}

fn export_files(args: &Args) -> Result<(), Failure> {
    let ledger = open_to_read(args.need("--db")?)?;
    let out = PathBuf::from(args.need("--out")?);
    let files = match args.need("--format")? {
        "script" => export::scripts(&ledger)?,
        "csv" => export::csv(&ledger)?,
        "bgstats" => export::bgstats(&ledger)?,
        other => return Err(Failure::Usage(format!("unknown format {}", quoted(other)))),
    };
    std::fs::create_dir_all(&out).map_err(|error| TableError::NotWritten { path: out.display().to_string(), error })?;
    for (name, contents) in files {
        let path = out.join(name);
        // Whole or not at all: an export run again over the last one never leaves a half file.
        castellan_table::save::replace(&path, &contents)?;
        say!("{}", path.display());
    }
    Ok(())
}

fn print_stats(args: &Args) -> Result<(), Failure> {
    let ledger = open_to_read(args.need("--db")?)?;
    if !args.flags.contains(&"--json") {
        return Err(Failure::Usage("stats prints JSON: add --json".into()));
    }
    say!("{}", serde_json::to_string_pretty(&stats::stats_json(&ledger)?).expect("JSON"));
    Ok(())
}

/// The language `--lang` asks for, English when not said.
fn language(args: &Args) -> Result<Language, Failure> {
    match args.get("--lang") {
        None => Ok(Language::En),
        Some(code) => Ok(Language::from_code(code).ok_or(format!("--lang {}: expected en, nl or de", quoted(code)))?),
    }
}

fn game_picture(args: &Args) -> Result<(), Failure> {
    let path = args.need("--db")?;
    let out = PathBuf::from(args.need("--out")?);
    let language = language(args)?;
    let [game] = args.positional[..] else {
        return Err(Failure::Usage("game-picture takes one game: its id".into()));
    };
    let game: u32 =
        game.parse().map_err(|_| Failure::Usage(format!("game-picture: {} is not a game id", quoted(game))))?;
    let ledger = open_to_read(path)?;
    save_game_picture(&ledger, game, language, &Local, &out, true)?;
    say!("{}", out.display());
    Ok(())
}

fn night_picture(args: &Args) -> Result<(), Failure> {
    let path = args.need("--db")?;
    let out = PathBuf::from(args.need("--out")?);
    let language = language(args)?;
    let [night] = args.positional[..] else {
        return Err(Failure::Usage("night-picture takes one night: its date or id".into()));
    };
    let ledger = open_to_read(path)?;
    let night = night_named(&ledger, night)?;
    // The players' own clock: a game started at 20:00 where they sat says 20:00.
    save_night_picture(&ledger, night, language, &Local, &out, true)?;
    say!("{}", out.display());
    Ok(())
}

/// The night `given` names: a date with one night on it, or a night's id.
fn night_named(ledger: &Ledger, given: &str) -> Result<NightId, Failure> {
    if let Ok(date) = NaiveDate::parse_from_str(given, "%Y-%m-%d") {
        let on_date: Vec<_> =
            ledger.history().map_err(TableError::from)?.into_iter().filter(|n| n.night.date == date).collect();
        return match &on_date[..] {
            [] => Err(Failure::Refused(format!("no night on {date}; nothing was written"))),
            [one] => Ok(one.night.id),
            several => {
                let mut several = several.to_vec();
                several.sort_by_key(|n| n.night.id.0);
                let ids: Vec<String> = several
                    .iter()
                    .map(|n| match &n.night.place {
                        Some(place) => format!("{} ({})", n.night.id.0, quoted(place)),
                        None => n.night.id.0.to_string(),
                    })
                    .collect();
                Err(Failure::Refused(format!(
                    "{} nights on {date}: give one's id ({}); nothing was written",
                    several.len(),
                    ids.join(", ")
                )))
            }
        };
    }
    given
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .map(NightId)
        .ok_or_else(|| Failure::Usage(format!("night {}: expected YYYY-MM-DD or a night's id", quoted(given))))
}
