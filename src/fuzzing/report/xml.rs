//! XML 1.0 as the JUnit checks read it: the `Char` production, and a small tree reader on
//! top of quick-xml that panics unless the document is well-formed (matching end tags,
//! one root, predefined entities only, no DTD, CDATA or processing instruction) and
//! returns attributes and text normalised as an XML 1.0 parser does.

/// An XML 1.0 `Char` (the production of the specification, section 2.2).
pub(super) fn is_xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}

/// An element of the parsed report: name, attributes (normalised as XML 1.0 says),
/// text (line ends normalised, references resolved) and children.
#[derive(Debug, Default)]
pub(super) struct Element {
    pub name: String,
    pub attributes: Vec<(String, String)>,
    pub text: String,
    pub children: Vec<Element>,
}

impl Element {
    pub(super) fn attr(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

/// The element that the start tag `e` opens, its attributes read as XML 1.0 normalizes
/// them (`xml`: the document, for the panic's message).
fn element(e: &quick_xml::events::BytesStart<'_>, xml: &str) -> Element {
    let name = String::from_utf8_lossy(e.name().as_ref()).into_owned();
    let mut attributes = Vec::new();
    for a in e.attributes() {
        let a = a.unwrap_or_else(|err| panic!("junit: bad attribute in <{name}>: {err}\n{xml}"));
        let key = String::from_utf8_lossy(a.key.as_ref()).into_owned();
        let value = a
            .normalized_value(quick_xml::XmlVersion::Explicit1_0)
            .unwrap_or_else(|err| panic!("junit: attribute {key} of <{name}>: {err}\n{xml}"));
        attributes.push((key, value.into_owned()));
    }
    Element {
        name,
        attributes,
        ..Element::default()
    }
}

/// The text of a character or entity reference; a reference to a character XML 1.0
/// cannot hold, or to an undeclared entity, panics.
fn resolve(r: &quick_xml::events::BytesRef<'_>, xml: &str) -> String {
    match r.resolve_char_ref() {
        Ok(Some(c)) => {
            assert!(
                is_xml_char(c),
                "junit: reference to {c:?}, not an XML 1.0 Char"
            );
            c.to_string()
        }
        Ok(None) => {
            let name = r.decode().map(|n| n.into_owned()).unwrap_or_default();
            match quick_xml::escape::resolve_xml_entity(&name) {
                Some(s) => s.to_string(),
                None => panic!("junit: undeclared entity &{name};\n{xml}"),
            }
        }
        Err(e) => panic!("junit: bad reference: {e}\n{xml}"),
    }
}

/// Parses `xml` as a well-formed XML 1.0 document into its root element; panics with the
/// reason otherwise.
pub(super) fn parse_xml(xml: &str) -> Element {
    use quick_xml::events::{BytesStart, Event};
    let element = |e: &BytesStart<'_>| element(e, xml);
    let mut reader = quick_xml::Reader::from_str(xml);
    reader.config_mut().check_end_names = true;
    let mut stack: Vec<Element> = Vec::new();
    let mut root = None;
    let mut seen_decl = false;
    loop {
        let event = reader.read_event().unwrap_or_else(|e| {
            panic!(
                "junit: not well-formed at byte {}: {e}\n{xml}",
                reader.buffer_position()
            )
        });
        match event {
            Event::Decl(d) => {
                assert!(
                    !seen_decl && stack.is_empty() && root.is_none(),
                    "junit: misplaced declaration"
                );
                seen_decl = true;
                let version = d.version().map(|v| v.into_owned());
                assert_eq!(version.ok().as_deref(), Some(&b"1.0"[..]), "junit: version");
            }
            Event::Start(e) => stack.push(element(&e)),
            Event::Empty(e) => {
                let el = element(&e);
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None => {
                        assert!(root.is_none(), "junit: two root elements");
                        root = Some(el);
                    }
                }
            }
            Event::End(_) => {
                let Some(el) = stack.pop() else {
                    panic!("junit: an end tag without a start\n{xml}")
                };
                match stack.last_mut() {
                    Some(parent) => parent.children.push(el),
                    None => {
                        assert!(root.is_none(), "junit: two root elements");
                        root = Some(el);
                    }
                }
            }
            Event::Text(t) => {
                let text = t
                    .xml10_content()
                    .unwrap_or_else(|e| panic!("junit: text: {e}\n{xml}"));
                match stack.last_mut() {
                    Some(el) => el.text.push_str(&text),
                    None => assert!(
                        text.chars().all(|c| matches!(c, ' ' | '\t' | '\n' | '\r')),
                        "junit: text outside the root: {text:?}"
                    ),
                }
            }
            Event::GeneralRef(r) => {
                let resolved = resolve(&r, xml);
                match stack.last_mut() {
                    Some(el) => el.text.push_str(&resolved),
                    None => panic!("junit: a reference outside the root\n{xml}"),
                }
            }
            Event::Eof => break,
            other => panic!("junit: unexpected {other:?}\n{xml}"),
        }
    }
    assert!(
        stack.is_empty(),
        "junit: unclosed elements at the end\n{xml}"
    );
    match root {
        Some(root) => root,
        None => panic!("junit: no root element\n{xml}"),
    }
}
