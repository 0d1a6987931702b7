require "rails_helper"

RSpec.describe "Posts", type: :request do
  describe "GET /posts" do
    it "lists only published posts" do
      create(:post, title: "Draft one")
      create(:post, title: "Live one", published_at: 1.hour.ago)
      get posts_path
      expect(response.body).to include("Live one")
      expect(response.body).not_to include("Draft one")
    end
  end
end
