# ERB corpus case: apache/templates/mod/peruser.conf.erb, with plausible variables.
class corpus_case {
  $expiretimeout = 'expiretimeout_value'
  $idletimeout = 'idletimeout_value'
  $keepalive = 'keepalive_value'
  $maxclients = 'maxclients_value'
  $maxprocessors = 'maxprocessors_value'
  $maxrequestsperchild = 'maxrequestsperchild_value'
  $minprocessors = 'minprocessors_value'
  $minspareprocessors = 'minspareprocessors_value'
  $mod_dir = 'mod_dir_value'
  notice(template('apache/mod/peruser.conf.erb'))
}
include corpus_case
