# ERB corpus case: openssl/templates/cert.cnf.erb, with plausible variables.
class corpus_case {
  $altnames = ['altnames_a', 'altnames_b']
  $commonname = 'commonname_value'
  $country = 'country_value'
  $email = 'email_value'
  $locality = 'locality_value'
  $organization = 'organization_value'
  $state = 'state_value'
  $unit = 'unit_value'
  notice(template('openssl/cert.cnf.erb'))
}
include corpus_case
