# ERB corpus case: apache/templates/mod/dav_fs.conf.erb, with plausible variables.
class corpus_case {
  $dav_lock = 'dav_lock_value'
  notice(template('apache/mod/dav_fs.conf.erb'))
}
include corpus_case
