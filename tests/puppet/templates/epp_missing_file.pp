# A template that does not exist.
notice(epp('tpl/nothere.epp'))
