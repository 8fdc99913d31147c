# A syntax error inside a template file.
notice(epp('tpl/broken.epp'))
