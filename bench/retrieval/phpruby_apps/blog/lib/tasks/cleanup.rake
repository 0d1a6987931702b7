namespace :blog do
  desc "Delete drafts nobody touched for a year"
  task purge_stale_drafts: :environment do
    count = Post.drafts.where("updated_at < ?", 1.year.ago).delete_all
    puts "Deleted #{count} stale drafts"
  end
end
