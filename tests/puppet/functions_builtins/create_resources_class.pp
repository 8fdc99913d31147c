class c($p) { notice("c ${p}") }
create_resources('class', {c => {p => 1}})
