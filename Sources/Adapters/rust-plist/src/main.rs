// Sources/Adapters/rust-plist/src/main.rs - The Rust `plist` crate (Debian librust-plist-dev) behind the adapter protocol
//
// decode = plist::Value::from_reader(bytes) (format detection as the crate does it); encode =
// Value::to_writer_binary. Rejection: the crate's Err(plist::Error), its only way to refuse input. A panic
// (exit 101) or a stack overflow (SIGABRT) is the crate crashing. Printing stops after 1,000,000 nodes:
// {"type":"too-large","value":"N"}, exit 0; a value kind tagged JSON has no form for (the crate's Value is
// non-exhaustive) is {"type":"unrepresentable","value":"REASON"}, exit 0. CMD serve answers framed calls in one
// process (Docs/conformance.md, "The persistent mode").
use plist::{Dictionary, Integer, Uid, Value};
use std::io::{Cursor, Read, Write};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

const NODE_BOUND: u64 = 1_000_000;
const PLIST_EPOCH_UNIX: i128 = 978_307_200;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    if args == ["serve"] {
        std::process::exit(serve());
    }
    let mut io = Io { input: None, out: Vec::new(), err: Vec::new() };
    let code = call(&args, &mut io);
    std::io::stderr().write_all(&io.err).expect("stderr");
    std::io::stdout().write_all(&io.out).expect("stdout");
    std::process::exit(code);
}

/// One call's standard input (None: read the process's own when the call needs it), output and error.
struct Io {
    input: Option<Vec<u8>>,
    out: Vec<u8>,
    err: Vec<u8>,
}

impl Io {
    fn input(&mut self) -> Vec<u8> {
        self.input.take().unwrap_or_else(|| {
            let mut bytes = Vec::new();
            std::io::stdin().read_to_end(&mut bytes).expect("stdin");
            bytes
        })
    }
}

/// The line on standard error of the call (what `eprintln!` prints in a process of its own).
macro_rules! say {
    ($io:expr, $($arg:tt)*) => {{
        let _ = writeln!($io.err, $($arg)*);
    }};
}

/// One call: the exit status of a process of its own.
fn call(args: &[&str], io: &mut Io) -> i32 {
    match args {
        ["capabilities"] => emit(io, b"[\"decode\", \"encode\", \"serve\"]\n".to_vec()),
        // The Debian package version of librust-plist-dev, recorded by `make peers` when it builds the adapter.
        ["version"] => emit(
            io,
            format!("plist crate {} (librust-plist-dev)\n", option_env!("XDS_PLIST_CRATE_VERSION").unwrap_or("unknown"))
                .into_bytes(),
        ),
        ["decode"] => {
            let bytes = io.input();
            decode(bytes, io)
        }
        ["encode"] => {
            let bytes = io.input();
            encode(bytes, io)
        }
        _ => {
            say!(io, "usage error: unknown call or arguments: {:?}", args);
            64
        }
    }
}

/// `CMD serve` (Docs/conformance.md, "The persistent mode"): framed calls on standard input until its end. Exit
/// 0 and 1 are answered `accepted` and `rejected`; any other status ends the server as it would end a process of
/// its own (its standard error written out first), and so does a panic (exit 101) or a stack overflow (SIGABRT).
fn serve() -> i32 {
    let stdin = std::io::stdin();
    let mut requests = stdin.lock();
    let stdout = std::io::stdout();
    let mut responses = stdout.lock();
    loop {
        let mut head = [0u8; 4];
        let mut got = 0;
        while got < 4 {
            match requests.read(&mut head[got..]) {
                Ok(0) => break,
                Ok(count) => got += count,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => return 74,
            }
        }
        if got == 0 {
            return 0;
        }
        let frame = |requests: &mut std::io::StdinLock, length: usize| -> Option<Vec<u8>> {
            let mut bytes = vec![0u8; length];
            requests.read_exact(&mut bytes).ok()?;
            Some(bytes)
        };
        let header = if got == 4 { frame(&mut requests, u32::from_be_bytes(head) as usize) } else { None };
        let payload = header.as_ref().and_then(|_| {
            let length = frame(&mut requests, 4)?;
            frame(&mut requests, u32::from_be_bytes([length[0], length[1], length[2], length[3]]) as usize)
        });
        let (header, payload) = match (header, payload) {
            (Some(header), Some(payload)) => (header, payload),
            _ => return 74,
        };
        let words: Vec<String> = header.split(|byte| *byte == 0).map(|word| String::from_utf8_lossy(word).into_owned()).collect();
        let words: Vec<&str> = words.iter().map(String::as_str).collect();
        let mut io = Io { input: Some(payload), out: Vec::new(), err: Vec::new() };
        let code = match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| call(&words, &mut io))) {
            Ok(code) => code,
            // The panic message is already on standard error; a process of its own exits 101.
            Err(_) => 101,
        };
        if code != 0 && code != 1 {
            let _ = std::io::stderr().write_all(&io.err);
            return code;
        }
        let mut header: Vec<u8> = if code == 0 { b"accepted".to_vec() } else { b"rejected".to_vec() };
        if !io.err.is_empty() {
            header.push(0);
            header.extend_from_slice(&io.err);
        }
        let mut response = Vec::with_capacity(header.len() + io.out.len() + 8);
        response.extend_from_slice(&(header.len() as u32).to_be_bytes());
        response.extend_from_slice(&header);
        response.extend_from_slice(&(io.out.len() as u32).to_be_bytes());
        response.extend_from_slice(&io.out);
        if responses.write_all(&response).and_then(|_| responses.flush()).is_err() {
            return 74;
        }
    }
}

fn emit(io: &mut Io, bytes: Vec<u8>) -> i32 {
    io.out.extend_from_slice(&bytes);
    0
}

fn decode(bytes: Vec<u8>, io: &mut Io) -> i32 {
    let value = match Value::from_reader(Cursor::new(bytes)) {
        Ok(value) => value,
        Err(error) => {
            say!(io, "rejected: {}", error);
            return 1;
        }
    };
    let mut out = String::new();
    match tagged(&value, &mut out) {
        Ok(()) => emit(io, out.into_bytes()),
        Err(Unprintable::TooLarge(nodes)) => {
            say!(io, "accepted; the value has more than {} nodes", NODE_BOUND);
            emit(io, format!("{{\"type\":\"too-large\",\"value\":\"{}\"}}", nodes).into_bytes())
        }
        Err(Unprintable::Unrepresentable(reason)) => {
            say!(io, "accepted, with {} (tagged JSON cannot express it)", reason);
            emit(io, leaf("unrepresentable", &reason).into_bytes())
        }
    }
}

/// Why an accepted value is not printed as tagged JSON.
enum Unprintable {
    /// More than NODE_BOUND nodes: the count when printing stopped.
    TooLarge(u64),
    /// A value tagged JSON cannot carry, in words.
    Unrepresentable(String),
}

enum Item<'a> {
    Value(&'a Value),
    Text(String),
}

/// Tagged JSON of `root`, iteratively; Err past the bound or at a value tagged JSON cannot carry.
fn tagged(root: &Value, out: &mut String) -> Result<(), Unprintable> {
    let mut stack = vec![Item::Value(root)];
    let mut nodes: u64 = 0;
    while let Some(item) = stack.pop() {
        let value = match item {
            Item::Text(text) => {
                out.push_str(&text);
                continue;
            }
            Item::Value(value) => value,
        };
        nodes += 1;
        if nodes > NODE_BOUND {
            return Err(Unprintable::TooLarge(nodes));
        }
        let mut pending: Vec<Item> = Vec::new();
        match value {
            Value::Array(items) => {
                out.push('[');
                for (index, element) in items.iter().enumerate() {
                    if index > 0 {
                        pending.push(Item::Text(",".into()));
                    }
                    pending.push(Item::Value(element));
                }
                pending.push(Item::Text("]".into()));
            }
            Value::Dictionary(dictionary) => {
                out.push('{');
                for (index, (key, element)) in dictionary.iter().enumerate() {
                    let separator = if index > 0 { "," } else { "" };
                    pending.push(Item::Text(format!("{}{}:", separator, json_string(key))));
                    pending.push(Item::Value(element));
                }
                pending.push(Item::Text("}".into()));
            }
            Value::Boolean(flag) => out.push_str(&leaf("bool", if *flag { "true" } else { "false" })),
            Value::Data(bytes) => out.push_str(&leaf("data", &base64(bytes))),
            Value::Date(date) => out.push_str(&leaf("date", &date_text((*date).into()))),
            Value::Real(number) => out.push_str(&leaf("real", &real_text(*number))),
            Value::Integer(integer) => out.push_str(&leaf("integer", &integer.to_string())),
            Value::String(text) => out.push_str(&leaf("string", text)),
            Value::Uid(uid) => out.push_str(&leaf("uid", &uid.get().to_string())),
            _ => return Err(Unprintable::Unrepresentable(format!("the crate returned a value of a kind tagged JSON has no form for: {:?}", value))),
        }
        stack.extend(pending.into_iter().rev());
    }
    Ok(())
}

fn leaf(kind: &str, text: &str) -> String {
    format!("{{\"type\":\"{}\",\"value\":{}}}", kind, json_string(text))
}

fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for character in text.chars() {
        match character {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn real_text(number: f64) -> String {
    if number.is_nan() {
        return "nan".into();
    }
    if number.is_infinite() {
        return if number > 0.0 { "inf".into() } else { "-inf".into() };
    }
    format!("{:?}", number)
}

/// Nanoseconds since 2001-01-01 of what the crate holds (a SystemTime), as ISO 8601 UTC.
fn date_text(time: SystemTime) -> String {
    let unix_nanos: i128 = match time.duration_since(UNIX_EPOCH) {
        Ok(after) => after.as_nanos() as i128,
        Err(before) => -(before.duration().as_nanos() as i128),
    };
    let nanos = unix_nanos - PLIST_EPOCH_UNIX * 1_000_000_000;
    let seconds = nanos.div_euclid(1_000_000_000);
    let fraction = nanos.rem_euclid(1_000_000_000);
    let days = (seconds + PLIST_EPOCH_UNIX).div_euclid(86_400);
    let second_of_day = (seconds + PLIST_EPOCH_UNIX).rem_euclid(86_400);
    let (year, month, day) = civil(days);
    if !(1..=9999).contains(&year) {
        return real_text(nanos as f64 / 1e9);
    }
    let mut text = format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}",
        year, month, day, second_of_day / 3600, second_of_day / 60 % 60, second_of_day % 60
    );
    if fraction > 0 {
        text.push_str(format!(".{:09}", fraction).trim_end_matches('0'));
    }
    text + "Z"
}

/// The proleptic Gregorian date of a day count since 1970-01-01.
fn civil(days: i128) -> (i128, i128, i128) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (year_of_era + era * 400 + if month <= 2 { 1 } else { 0 }, month, day)
}

const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn base64(bytes: &[u8]) -> String {
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = (chunk[0] as u32) << 16 | (*chunk.get(1).unwrap_or(&0) as u32) << 8 | *chunk.get(2).unwrap_or(&0) as u32;
        for index in 0..4 {
            if index <= chunk.len() {
                out.push(ALPHABET[(n >> (18 - 6 * index) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn unbase64(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut buffer: u32 = 0;
    let mut bits = 0;
    for byte in text.bytes().filter(|b| *b != b'=') {
        let value = ALPHABET.iter().position(|a| *a == byte)? as u32;
        buffer = buffer << 6 | value;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits & 0xff) as u8);
        }
    }
    Some(out)
}

fn encode(bytes: Vec<u8>, io: &mut Io) -> i32 {
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(_) => return refuse(io, "input is not UTF-8".into()),
    };
    let json = match Json::parse(&text) {
        Some(json) => json,
        None => return refuse(io, "input is not JSON".into()),
    };
    let value = match untagged(&json) {
        Ok(value) => value,
        Err(why) => return refuse(io, format!("the crate has no value for this input: {}", why)),
    };
    let mut out = Vec::new();
    match value.to_writer_binary(&mut out) {
        Ok(()) => emit(io, out),
        Err(error) => refuse(io, error.to_string()),
    }
}

fn refuse(io: &mut Io, why: String) -> i32 {
    say!(io, "rejected: {}", why);
    1
}

fn untagged(json: &Json) -> Result<Value, String> {
    match json {
        Json::Array(items) => Ok(Value::Array(items.iter().map(untagged).collect::<Result<_, _>>()?)),
        Json::Object(members) => {
            let is_leaf = members.len() == 2
                && members.iter().any(|(k, v)| k == "type" && matches!(v, Json::Text(_)))
                && members.iter().any(|(k, _)| k == "value");
            if !is_leaf {
                let mut dictionary = Dictionary::new();
                for (key, item) in members {
                    dictionary.insert(key.clone(), untagged(item)?);
                }
                return Ok(Value::Dictionary(dictionary));
            }
            let kind = members.iter().find(|(k, _)| k == "type").map(|(_, v)| v).unwrap();
            let text = match members.iter().find(|(k, _)| k == "value").map(|(_, v)| v).unwrap() {
                Json::Text(text) => text.clone(),
                _ => return Err("a set or a non-string leaf value".into()),
            };
            match kind {
                Json::Text(kind) => leaf_value(kind, &text),
                _ => Err("bad leaf".into()),
            }
        }
        Json::Text(_) => Err("a bare JSON string".into()),
    }
}

fn leaf_value(kind: &str, text: &str) -> Result<Value, String> {
    match kind {
        "string" => Ok(Value::String(text.into())),
        "integer" => {
            if let Ok(signed) = text.parse::<i64>() {
                Ok(Value::Integer(Integer::from(signed)))
            } else {
                text.parse::<u64>().map(|unsigned| Value::Integer(Integer::from(unsigned))).map_err(|e| e.to_string())
            }
        }
        "real" => match text {
            "nan" => Ok(Value::Real(f64::NAN)),
            "inf" => Ok(Value::Real(f64::INFINITY)),
            "-inf" => Ok(Value::Real(f64::NEG_INFINITY)),
            _ => text.parse::<f64>().map(Value::Real).map_err(|e| e.to_string()),
        },
        "bool" => Ok(Value::Boolean(text == "true")),
        "data" => unbase64(text).map(Value::Data).ok_or_else(|| "bad base64".into()),
        "uid" => text.parse::<u64>().map(|n| Value::Uid(Uid::new(n))).map_err(|e| e.to_string()),
        "date" => parse_date(text).map(|t| Value::Date(t.into())).ok_or_else(|| "bad date".into()),
        other => Err(format!("{} values", other)),
    }
}

fn parse_date(text: &str) -> Option<SystemTime> {
    let body = text.strip_suffix('Z')?;
    let (main, fraction) = match body.split_once('.') {
        Some((main, fraction)) => (main, fraction),
        None => (body, ""),
    };
    let number = |range: std::ops::Range<usize>| main.get(range)?.parse::<i128>().ok();
    let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
    let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
    let days = days_from_civil(year, month, day);
    let mut nanos: i128 = (days * 86_400 + hour * 3600 + minute * 60 + second) * 1_000_000_000;
    if !fraction.is_empty() {
        let digits: String = fraction.chars().chain(std::iter::repeat('0')).take(9).collect();
        nanos += digits.parse::<i128>().ok()?;
    }
    if nanos >= 0 {
        UNIX_EPOCH.checked_add(Duration::from_nanos(nanos as u64))
    } else {
        UNIX_EPOCH.checked_sub(Duration::from_nanos((-nanos) as u64))
    }
}

fn days_from_civil(year: i128, month: i128, day: i128) -> i128 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y.rem_euclid(400);
    let mp = if month > 2 { month - 3 } else { month + 9 };
    let day_of_year = (153 * mp + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// Just enough JSON for tagged JSON input: objects keep their member order.
enum Json {
    Array(Vec<Json>),
    Object(Vec<(String, Json)>),
    Text(String),
}

impl Json {
    fn parse(text: &str) -> Option<Json> {
        let chars: Vec<char> = text.chars().collect();
        let mut position = 0;
        let value = Json::value(&chars, &mut position)?;
        Json::space(&chars, &mut position);
        if position == chars.len() {
            Some(value)
        } else {
            None
        }
    }

    fn space(chars: &[char], position: &mut usize) {
        while *position < chars.len() && chars[*position].is_whitespace() {
            *position += 1;
        }
    }

    fn value(chars: &[char], position: &mut usize) -> Option<Json> {
        Json::space(chars, position);
        match chars.get(*position)? {
            '[' => {
                *position += 1;
                let mut items = Vec::new();
                Json::space(chars, position);
                if chars.get(*position) == Some(&']') {
                    *position += 1;
                    return Some(Json::Array(items));
                }
                loop {
                    items.push(Json::value(chars, position)?);
                    Json::space(chars, position);
                    match chars.get(*position)? {
                        ',' => *position += 1,
                        ']' => {
                            *position += 1;
                            return Some(Json::Array(items));
                        }
                        _ => return None,
                    }
                }
            }
            '{' => {
                *position += 1;
                let mut members = Vec::new();
                Json::space(chars, position);
                if chars.get(*position) == Some(&'}') {
                    *position += 1;
                    return Some(Json::Object(members));
                }
                loop {
                    Json::space(chars, position);
                    let key = match Json::value(chars, position)? {
                        Json::Text(key) => key,
                        _ => return None,
                    };
                    Json::space(chars, position);
                    if chars.get(*position)? != &':' {
                        return None;
                    }
                    *position += 1;
                    members.push((key, Json::value(chars, position)?));
                    Json::space(chars, position);
                    match chars.get(*position)? {
                        ',' => *position += 1,
                        '}' => {
                            *position += 1;
                            return Some(Json::Object(members));
                        }
                        _ => return None,
                    }
                }
            }
            '"' => {
                *position += 1;
                let mut units: Vec<u16> = Vec::new();
                loop {
                    let c = *chars.get(*position)?;
                    *position += 1;
                    match c {
                        '"' => return String::from_utf16(&units).ok().map(Json::Text),
                        '\\' => {
                            let escape = *chars.get(*position)?;
                            *position += 1;
                            let simple = match escape {
                                '"' => '"',
                                '\\' => '\\',
                                '/' => '/',
                                'b' => '\u{8}',
                                'f' => '\u{c}',
                                'n' => '\n',
                                'r' => '\r',
                                't' => '\t',
                                'u' => {
                                    let hex: String = chars.get(*position..*position + 4)?.iter().collect();
                                    *position += 4;
                                    units.push(u16::from_str_radix(&hex, 16).ok()?);
                                    continue;
                                }
                                _ => return None,
                            };
                            let mut buffer = [0u16; 2];
                            units.extend_from_slice(simple.encode_utf16(&mut buffer));
                        }
                        c => {
                            let mut buffer = [0u16; 2];
                            units.extend_from_slice(c.encode_utf16(&mut buffer));
                        }
                    }
                }
            }
            _ => None,
        }
    }
}
