Gem::Specification.new do |s|
  s.name = "slugify"
  s.version = "0.2.0"
  s.summary = "Turn titles into URL slugs"
  s.authors = ["Acme"]
  s.files = ["lib/slugify.rb"]
end
